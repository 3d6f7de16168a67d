package dev.leaderboard.client.model;

/**
 * A user's entry in one period, as moderation sees it.
 *
 * @param rank Global rank in unique order
 */
public record ModeratedPeriod(String board, String period, String state, Long score, Long at, Long rank,
    Long total) {
}
