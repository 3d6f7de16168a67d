package dev.leaderboard.client.model;

/**
 * Archived rows erased from one period.
 */
public record ErasedArchive(String board, String period, long rows) {
}
