package dev.leaderboard.client.model;

/**
 * A user's distance to a rank.
 *
 * @param score The user's score; {@code null} without an entry
 * @param rank The user's rank in {@code rankMode}
 * @param toReach How much the user's score must improve to reach {@code needed}; 0 when they rank {@code rank}
 *     or better, {@code null} without an entry or when no score does
 */
public record RankTargetUser(String userId, Long score, Long rank, Long toReach) {
}
