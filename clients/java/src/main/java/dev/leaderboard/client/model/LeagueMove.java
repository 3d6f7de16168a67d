package dev.leaderboard.client.model;

/**
 * A member's move at a league period's close.
 *
 * @param to The tier after the close; null when dropped
 */
public record LeagueMove(String userId, String from, String to, Long cohort, Long cohortRank, Long score,
    String movement) {
}
