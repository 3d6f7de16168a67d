package dev.leaderboard.client.model;

/**
 * A board deleted.
 */
public record Deleted(String board, boolean deleted) {
}
