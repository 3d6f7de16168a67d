package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The entries of the users asked for, in board order, and the users without a score. A
 * <em>partial</em> list ({@code partial} set, while a shard is down) holds the entries of the users
 * on the shards that answered, with their exact scores and times in board order; their ranks,
 * percentiles and the period's total cannot be counted without every shard, so they are
 * {@code null} in the JSON, and the users of the shards that did not answer are listed apart.
 */
@DataObject
public final class RankList extends JsonAnswer {
  public RankList(JsonObject json) {
    super(json);
  }

  public static RankList of(String board, String period, long total, RankMode rankMode, List<Entry> entries,
      List<String> missing) {
    return new RankList(json(board, period, total, rankMode, Entry.toJson(entries), missing));
  }

  /** Scores and times only: {@code entries} carry no rank (see {@link Entry#scoreOnlyJson}). */
  public static RankList partial(String board, String period, RankMode rankMode, List<Entry> entries,
      List<String> missing, Partial partial) {
    return new RankList(partial.addTo(json(board, period, 0, rankMode, Entry.toJson(entries, Entry::scoreOnlyJson),
        missing).putNull("total")));
  }

  private static JsonObject json(String board, String period, long total, RankMode rankMode, JsonArray entries,
      List<String> missing) {
    return new JsonObject().put("board", board).put("period", period).put("total", total)
        .put("rankMode", rankMode.wireName()).put("entries", entries).put("missing", new JsonArray(missing));
  }

  public boolean partial() {
    return json.containsKey("partial");
  }

  /** The entries' JSON, in board order. */
  public JsonArray entries() {
    return json.getJsonArray("entries");
  }
}
