package dev.leaderboard.client.model;

/**
 * A member of a league cohort without a score in the period.
 *
 * @param zone {@code stay} or {@code relegation}
 */
public record LeagueCohortMissing(String userId, String zone) {
}
