package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A page of a board's period: entries from global position {@code offset}. */
@DataObject
public final class EntryPage extends JsonAnswer {
  public EntryPage(JsonObject json) {
    super(json);
  }

  public static EntryPage of(String board, String period, long total, long offset, int limit, RankMode rankMode,
      List<Entry> entries) {
    return new EntryPage(new JsonObject().put("board", board).put("period", period).put("total", total)
        .put("offset", offset).put("limit", limit).put("rankMode", rankMode.wireName())
        .put("entries", Entry.toJson(entries)));
  }

  /** The entries' JSON, in board order. */
  public JsonArray entries() {
    return json.getJsonArray("entries");
  }
}
