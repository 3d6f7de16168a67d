package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** A deleted board. */
public record BoardDeleted(String board) {
  public JsonObject toJson() {
    return new JsonObject().put("board", board).put("deleted", true);
  }
}
