package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** A user's entry metadata as stored by an update. */
public record UserMeta(String board, String period, String userId, String meta) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("userId", userId)
        .put("meta", new JsonObject(meta));
  }
}
