package dev.leaderboard.client.model;

/**
 * One of a user's boards, with the user's standing.
 *
 * @param attemptsLeft Boards with maxAttempts
 */
public record UserBoard(String board, String period, boolean participant, Long joinedAt, Long cohort,
    Long score, Long rank, Long cohortRank, Integer attemptsLeft, BoardWindow window) {
}
