package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** Every board's definition, sorted by name. */
public record BoardList(List<Board> boards) {
  public JsonObject toJson() {
    JsonArray out = new JsonArray();
    boards.forEach(b -> out.add(b.toJson()));
    return new JsonObject().put("boards", out);
  }
}
