package dev.leaderboard.client.model;

import java.util.List;

/**
 * Every board.
 */
public record BoardList(List<Board> boards) {
}
