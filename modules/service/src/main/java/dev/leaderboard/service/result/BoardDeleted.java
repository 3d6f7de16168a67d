package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/** A deleted board. */
public record BoardDeleted(String board, boolean deleted) implements Answer {
  public static BoardDeleted of(String board) {
    return new BoardDeleted(board, true);
  }

  public static final Function<JsonObject, BoardDeleted> FROM_JSON = AnswerJson.reader(BoardDeleted.class);
}
