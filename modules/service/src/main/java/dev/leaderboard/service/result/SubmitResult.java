package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * The answer to one event: whether it was applied (false: a repeated event ID), whether the score
 * changed, and the user's entry after it ({@code null}s when the user has no score; {@code rank}
 * also when not asked for, or, with {@code rankError} saying why, when it could not be read); {@code keys}
 * is the entry's sort keys on a board that has sort keys, else absent; {@code attemptsLeft} the user's
 * attempts left in the period on a board with {@code maxAttempts}, else absent.
 */
public record SubmitResult(String userId, String period, boolean applied, boolean changed, Long score, Long rank,
    Long at, @AnswerJson.IfSet JsonObject keys, @AnswerJson.IfSet String rankError,
    @AnswerJson.IfSet Integer attemptsLeft) implements Answer {
  /** @param keys the entry's sort keys (a JSON object's text), or {@code null} */
  public static SubmitResult of(String userId, String period, boolean applied, boolean changed, Long score, Long rank,
      Long at, String rankError, String keys) {
    return new SubmitResult(userId, period, applied, changed, score, rank, at, keys == null ? null : new JsonObject(keys),
        rankError, null);
  }

  /** The answer with the user's attempts left in the period (a board with maxAttempts), as a new answer. */
  public SubmitResult withAttemptsLeft(int left) {
    return new SubmitResult(userId(), period(), applied(), changed(), score(), rank(), at(), keys(), rankError(), left);
  }

  public static final Function<JsonObject, SubmitResult> FROM_JSON = AnswerJson.reader(SubmitResult.class);
}
