package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** Every board's definition, sorted by name. */
@DataObject
public final class BoardList extends JsonAnswer {
  public BoardList(JsonObject json) {
    super(json);
  }

  public static BoardList of(List<Board> boards) {
    JsonArray out = new JsonArray();
    boards.forEach(b -> out.add(b.toJson()));
    return new BoardList(new JsonObject().put("boards", out));
  }
}
