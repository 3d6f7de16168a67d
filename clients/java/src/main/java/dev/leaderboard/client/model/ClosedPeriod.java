package dev.leaderboard.client.model;

/**
 * A period closed and archived.
 */
public record ClosedPeriod(String board, String period, String state, long size, long archivedAt) {
}
