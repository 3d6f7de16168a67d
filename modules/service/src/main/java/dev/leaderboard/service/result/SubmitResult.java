package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * The answer to one event: whether it was applied (false: a repeated event ID), whether the score
 * changed, and the user's entry after it ({@code null}s when the user has no score; {@code rank}
 * also when not asked for, or, with {@code rankError} saying why, when it could not be read); {@code keys}
 * is the entry's sort keys (a JSON object's text) on a board that has sort keys, else {@code null}.
 */
@DataObject
public final class SubmitResult extends JsonAnswer {
  public SubmitResult(JsonObject json) {
    super(json);
  }

  public static SubmitResult of(String userId, String period, boolean applied, boolean changed, Long score, Long rank,
      Long at, String rankError, String keys) {
    JsonObject out = new JsonObject()
        .put("userId", userId)
        .put("period", period)
        .put("applied", applied)
        .put("changed", changed)
        .put("score", score)
        .put("rank", rank)
        .put("at", at);
    if (keys != null) {
      out.put("keys", new JsonObject(keys));
    }
    return new SubmitResult(rankError == null ? out : out.put("rankError", rankError));
  }

  /** The answer with the user's attempts left in the period (a board with maxAttempts). */
  public SubmitResult withAttemptsLeft(int left) {
    json.put("attemptsLeft", left);
    return this;
  }

  public boolean applied() {
    return json.getBoolean("applied");
  }

  public String rankError() {
    return json.getString("rankError");
  }
}
