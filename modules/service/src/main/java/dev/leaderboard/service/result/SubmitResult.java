package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/**
 * The answer to one event: whether it was applied (false: a repeated event ID), whether the score
 * changed, and the user's entry after it ({@code null}s when the user has no score).
 */
public record SubmitResult(String userId, String period, boolean applied, boolean changed, Long score, Long rank,
    Long at) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("userId", userId)
        .put("period", period)
        .put("applied", applied)
        .put("changed", changed)
        .put("score", score)
        .put("rank", rank)
        .put("at", at);
  }
}
