package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The entries of the users asked for, in board order, and the users without a score. */
public record RankList(String board, String period, long total, RankMode rankMode, List<Entry> entries,
    List<String> missing) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("total", total)
        .put("rankMode", rankMode.wireName())
        .put("entries", Entry.toJson(entries))
        .put("missing", new JsonArray(missing));
  }
}
