package dev.leaderboard.client.model;

/**
 * An entry removed by moderation.
 *
 * @param heldByBan The entry was held back by the user's ban
 */
public record RemovedEntry(String board, String period, String userId, boolean removed, long score, long at,
    boolean heldByBan) {
}
