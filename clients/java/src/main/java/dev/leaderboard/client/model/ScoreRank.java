package dev.leaderboard.client.model;

/**
 * The rank a score would get now.
 *
 * @param score The score ranked
 * @param rank The rank it would get now
 * @param total The entries it is ranked among (without the user's own with {@code userId})
 */
public record ScoreRank(String board, String period, String rankMode, long score, long rank, long total,
    String userId) {
}
