package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
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
public record RankList(String board, String period, long total, RankMode rankMode, List<Entry> entries,
    List<String> missing, Partial partial) {
  public RankList(String board, String period, long total, RankMode rankMode, List<Entry> entries,
      List<String> missing) {
    this(board, period, total, rankMode, entries, missing, null);
  }

  /** Scores and times only: {@code entries} carry no rank (see {@link Entry#scoreOnlyJson}). */
  public static RankList partial(String board, String period, RankMode rankMode, List<Entry> entries,
      List<String> missing, Partial partial) {
    return new RankList(board, period, 0, rankMode, entries, missing, partial);
  }

  public JsonObject toJson() {
    JsonObject out = new JsonObject()
        .put("board", board)
        .put("period", period)
        .put("total", total)
        .put("rankMode", rankMode.wireName())
        .put("entries", Entry.toJson(entries, partial == null ? Entry::toJson : Entry::scoreOnlyJson))
        .put("missing", new JsonArray(missing));
    return partial == null ? out : partial.addTo(out.putNull("total"));
  }
}
