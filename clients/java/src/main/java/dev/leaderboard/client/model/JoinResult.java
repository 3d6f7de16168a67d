package dev.leaderboard.client.model;

/**
 * A user's place in the board's current period.
 *
 * @param cohort The user's cohort (boards with cohortSize)
 */
public record JoinResult(String userId, String period, Long cohort) {
}
