package dev.leaderboard.client.model;

/**
 * One tier of a league in a period.
 *
 * @param members members seated in the tier in the period
 * @param cohorts cohorts they fill
 */
public record LeagueTier(String tier, long members, long cohorts) {
}
