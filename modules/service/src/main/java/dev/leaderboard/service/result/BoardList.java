package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/** Every board's definition, sorted by name. */
public record BoardList(List<JsonObject> boards) implements Answer {
  public static BoardList of(List<Board> boards) {
    return new BoardList(boards.stream().map(Board::toJson).toList());
  }

  public static final Function<JsonObject, BoardList> FROM_JSON = AnswerJson.reader(BoardList.class);
}
