package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.core.json.JsonObject;

/** A board definition as stored by a PUT, and whether the PUT created it (201) or updated it (200). */
public record BoardSaved(Board board, boolean created) {
  /** The event-bus answer: the definition with {@code created}. */
  public JsonObject toJson() {
    return board.toJson().put("created", created);
  }
}
