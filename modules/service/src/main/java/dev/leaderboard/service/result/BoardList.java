package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** Every board's definition, sorted by name. */
@DataObject
public interface BoardList extends Answer {
  List<JsonObject> boards();

  static BoardList of(List<Board> boards) {
    return new Fields(boards.stream().map(Board::toJson).toList());
  }

  static BoardList fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields. */
  record Fields(List<JsonObject> boards) implements BoardList {
  }
}
