package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A user's standing in one period.
 *
 * @param rank Unique rank; null when {@code partial}
 * @param partial The current period read while a shard is down (as {@code user})
 * @param cohort The user's cohort in the period, if placed in one
 * @param cohortRank Unique rank among the entries of the cohort
 * @param reward The user's reward of the archived period, if any
 */
public record HistoryPeriod(String period, Long rank, long score, Long total, Double percentile,
    Boolean partial, Long cohort, Long cohortRank, Map<String, Object> reward) {
}
