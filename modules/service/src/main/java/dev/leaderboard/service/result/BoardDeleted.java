package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A deleted board. */
@DataObject
public final class BoardDeleted extends JsonAnswer {
  public BoardDeleted(JsonObject json) {
    super(json);
  }

  public static BoardDeleted of(String board) {
    return new BoardDeleted(new JsonObject().put("board", board).put("deleted", true));
  }
}
