package dev.leaderboard.store;

import dev.leaderboard.core.Operator;

/**
 * One validated event, ready for the submit script.
 *
 * @param tie the low bits for the event's time (see {@link dev.leaderboard.core.ScoreCodec#tie})
 * @param eventId the caller's event ID, or {@code null}
 */
public record SubmitCommand(String period, String userId, Operator operator, long value, long tie, String eventId) {
}
