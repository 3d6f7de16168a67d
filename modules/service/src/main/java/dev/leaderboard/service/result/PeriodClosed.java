package dev.leaderboard.service.result;

import dev.leaderboard.core.PeriodState;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A closed period: archived with {@code size} entries at {@code archivedAt} (epoch ms). */
@DataObject
public final class PeriodClosed extends JsonAnswer {
  public PeriodClosed(JsonObject json) {
    super(json);
  }

  public static PeriodClosed of(String board, String period, long size, long archivedAt) {
    return new PeriodClosed(new JsonObject().put("board", board).put("period", period)
        .put("state", PeriodState.ARCHIVED.wireName()).put("size", size).put("archivedAt", archivedAt));
  }
}
