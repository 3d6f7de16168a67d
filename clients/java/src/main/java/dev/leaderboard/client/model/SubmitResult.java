package dev.leaderboard.client.model;

import java.util.Map;

/**
 * The user's entry after a submitted event.
 *
 * @param rank Unique rank after the event
 * @param at When the user reached the score (to the board's tie resolution)
 * @param applied false: a repeated eventId with the same payload, nothing changed
 * @param changed The score (or the time it was reached) changed
 * @param rankError Present when the event was applied but its rank could not be read (rank is null)
 * @param attemptsLeft On a board with maxAttempts, the user's attempts left in the period after this
 *     event
 */
public record SubmitResult(String userId, Long score, Long rank, Long at, String period, boolean applied,
    boolean changed, Map<String, Long> keys, String rankError, Integer attemptsLeft) {
}
