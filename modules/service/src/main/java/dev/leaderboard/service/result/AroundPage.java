package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The entries around a user, starting at global position {@code offset}. */
@DataObject
public final class AroundPage extends JsonAnswer {
  public AroundPage(JsonObject json) {
    super(json);
  }

  public static AroundPage of(String board, String period, String userId, long total, long offset, RankMode rankMode,
      List<Entry> entries) {
    return new AroundPage(new JsonObject().put("board", board).put("period", period).put("userId", userId)
        .put("total", total).put("offset", offset).put("rankMode", rankMode.wireName())
        .put("entries", Entry.toJson(entries)));
  }
}
