package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A page of a board's period: entries from global position {@code offset}. */
public record EntryPage(String board, String period, long total, long offset, int limit, RankMode rankMode,
    List<Entry> entries) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("total", total)
        .put("offset", offset)
        .put("limit", limit)
        .put("rankMode", rankMode.wireName())
        .put("entries", Entry.toJson(entries));
  }
}
