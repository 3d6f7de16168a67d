package dev.leaderboard.client.model;

import java.util.List;

/**
 * The boards a user takes part in.
 */
public record UserBoards(String userId, List<UserBoard> boards) {
}
