package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The entries around a user, starting at global position {@code offset}. */
public record AroundPage(String board, String period, String userId, long total, long offset, RankMode rankMode,
    List<Entry> entries) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("userId", userId)
        .put("total", total)
        .put("offset", offset)
        .put("rankMode", rankMode.wireName())
        .put("entries", Entry.toJson(entries));
  }
}
