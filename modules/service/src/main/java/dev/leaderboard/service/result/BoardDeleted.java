package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** A deleted board. */
public record BoardDeleted(String board, boolean deleted) implements Answer {
  public static BoardDeleted of(String board) {
    return new BoardDeleted(board, true);
  }

  public static BoardDeleted fromJson(JsonObject json) {
    return AnswerJson.read(json, BoardDeleted.class);
  }
}
