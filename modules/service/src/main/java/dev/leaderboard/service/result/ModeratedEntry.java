package dev.leaderboard.service.result;

import dev.leaderboard.core.PeriodState;
import io.vertx.core.json.JsonObject;

/**
 * A live period a moderation action touched, and the user's entry in it where the answer shows one:
 * its score, time and sort keys, and in a user's moderation view its rank among the period's
 * {@code total} entries. Absent parts are left out of the JSON.
 */
public record ModeratedEntry(String board, String period, PeriodState state, @AnswerJson.IfSet Long score,
    @AnswerJson.IfSet Long at, @AnswerJson.IfSet JsonObject keys, @AnswerJson.IfSet Long rank,
    @AnswerJson.IfSet Long total) implements Answer {
  /** A period without an entry. */
  public ModeratedEntry(String board, String period, PeriodState state) {
    this(board, period, state, null, null, null, null, null);
  }

  /** This entry ranked {@code rank} of {@code total}. */
  public ModeratedEntry ranked(long rank, long total) {
    return new ModeratedEntry(board, period, state, score, at, keys, rank, total);
  }
}
