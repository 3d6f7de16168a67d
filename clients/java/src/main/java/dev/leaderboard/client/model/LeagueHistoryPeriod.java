package dev.leaderboard.client.model;

/**
 * A member's tier and move in one league period.
 */
public record LeagueHistoryPeriod(String period, String tier, Long cohort, Long cohortRank, Long score,
    String movement, String to) {
}
