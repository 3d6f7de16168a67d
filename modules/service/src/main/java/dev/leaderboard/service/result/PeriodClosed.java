package dev.leaderboard.service.result;

import dev.leaderboard.core.PeriodState;
import io.vertx.core.json.JsonObject;

/** A closed period: archived with {@code size} entries at {@code archivedAt} (epoch ms). */
public record PeriodClosed(String board, String period, long size, long archivedAt) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("state", PeriodState.ARCHIVED.wireName())
        .put("size", size)
        .put("archivedAt", archivedAt);
  }
}
