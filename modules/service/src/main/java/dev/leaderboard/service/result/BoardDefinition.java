package dev.leaderboard.service.result;

import dev.leaderboard.core.Board;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * A board's definition: as a read answers it, or as a PUT stored it with whether the PUT created
 * it ({@code created}: 201) or updated it (200).
 */
@DataObject
public final class BoardDefinition extends JsonAnswer {
  public BoardDefinition(JsonObject json) {
    super(json);
  }

  public static BoardDefinition of(Board board, Boolean created) {
    JsonObject out = board.toJson();
    return new BoardDefinition(created == null ? out : out.put("created", created));
  }

  public boolean created() {
    return json.getBoolean("created", false);
  }

  /** The definition without {@code created}, as the HTTP API answers it. */
  public JsonObject definition() {
    JsonObject out = json.copy();
    out.remove("created");
    return out;
  }
}
