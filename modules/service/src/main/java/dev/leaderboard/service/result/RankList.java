package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The entries of the users asked for, in board order, and the users without a score. A
 * <em>partial</em> list ({@code partial} set, while a shard is down) holds the entries of the users
 * on the shards that answered, with their exact scores and times in board order; their ranks,
 * percentiles and the period's total cannot be counted without every shard, so they are
 * {@code null} in the JSON, and the users of the shards that did not answer are listed apart.
 *
 * @param total The period's size; {@code null} in a partial list.
 * @param partial What a partial list leaves out; {@code null} when it is complete.
 */
public record RankList(String board, String period, Long total, RankMode rankMode, List<Entry> entries,
    List<String> missing, @AnswerJson.Flat Partial partial) implements Answer, Listing.OfEntries<RankList> {
  public static RankList of(String board, String period, long total, RankMode rankMode, List<Entry> entries,
      List<String> missing) {
    return new RankList(board, period, total, rankMode, entries, missing, null);
  }

  /** Scores and times only: {@code entries} carry no rank (see {@link Entry#scoreOnlyJson}). */
  public static RankList partial(String board, String period, RankMode rankMode, List<Entry> entries,
      List<String> missing, Partial partial) {
    return new RankList(board, period, null, rankMode, entries, missing, partial);
  }

  /** The entry's rank on the board; {@code null} in a partial list (not known). */
  public Long rankOf(Entry e) {
    return partial() == null ? e.rank() : null;
  }

  @Override
  public RankList withProfiles(Map<String, String> profiles) {
    return new RankList(board, period, total, rankMode, Entry.withProfiles(entries, profiles), missing, partial);
  }

  public static final Function<JsonObject, RankList> FROM_JSON = AnswerJson.reader(RankList.class);

  @Override
  public JsonObject toJson() {
    JsonObject out = AnswerJson.write(this);
    return partial == null ? out : out.put("entries", Entry.toJson(entries, Entry::scoreOnlyJson));
  }
}
