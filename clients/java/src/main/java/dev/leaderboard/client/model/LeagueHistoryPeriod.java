package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A member's tier and move in one league period.
 *
 * @param reward what the tier's rules gave the member for the period; null when nothing
 */
public record LeagueHistoryPeriod(String period, String tier, Long cohort, Long cohortRank, Long score,
    String movement, String to, Map<String, Object> reward) {
}
