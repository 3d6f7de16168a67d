package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
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
public interface RankList extends Answer {
  String board();

  String period();

  /** The period's size; {@code null} in a partial list. */
  Long total();

  RankMode rankMode();

  List<Entry> entries();

  List<String> missing();

  /** What a partial list leaves out; {@code null} when it is complete. */
  Partial partial();

  static RankList of(String board, String period, long total, RankMode rankMode, List<Entry> entries,
      List<String> missing) {
    return new Fields(board, period, total, rankMode, entries, missing, null);
  }

  /** Scores and times only: {@code entries} carry no rank (see {@link Entry#scoreOnlyJson}). */
  static RankList partial(String board, String period, RankMode rankMode, List<Entry> entries,
      List<String> missing, Partial partial) {
    return new Fields(board, period, null, rankMode, entries, missing, partial);
  }

  /** The entry's rank on the board; {@code null} in a partial list (not known). */
  default Long rankOf(Entry e) {
    return partial() == null ? e.rank() : null;
  }

  static RankList fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, Long total, RankMode rankMode, List<Entry> entries,
      List<String> missing, @AnswerJson.Flat Partial partial) implements RankList {
    @Override
    public JsonObject toJson() {
      JsonObject out = AnswerJson.write(this);
      return partial == null ? out : out.put("entries", Entry.toJson(entries, Entry::scoreOnlyJson));
    }
  }
}
