package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The entries around a user, starting at global position {@code offset}. */
public record AroundPage(String board, String period, String userId, long total, long offset, RankMode rankMode,
    List<Entry> entries) implements EntryWindow, Listing.OfEntries<AroundPage> {
  @Override
  public AroundPage withProfiles(Map<String, String> profiles) {
    return new AroundPage(board, period, userId, total, offset, rankMode, Entry.withProfiles(entries, profiles));
  }

  public static final Function<JsonObject, AroundPage> FROM_JSON = AnswerJson.reader(AroundPage.class);
}
