package dev.leaderboard.client.model;

import java.util.List;

/**
 * A league period closed, with each member's move.
 *
 * @param moves One per member, by user ID
 */
public record LeagueClosed(String league, String period, List<LeagueMove> moves) {
}
