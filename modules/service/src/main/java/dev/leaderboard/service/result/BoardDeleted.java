package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A deleted board. */
@DataObject
public interface BoardDeleted extends Answer {
  String board();

  boolean deleted();

  static BoardDeleted of(String board) {
    return new Fields(board, true);
  }

  static BoardDeleted fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields. */
  record Fields(String board, boolean deleted) implements BoardDeleted {
  }
}
