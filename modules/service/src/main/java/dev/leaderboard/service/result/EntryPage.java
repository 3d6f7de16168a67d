package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A page of a board's period: entries from global position {@code offset}, in board order. */
public record EntryPage(String board, String period, long total, long offset, int limit, RankMode rankMode,
    List<Entry> entries) implements EntryWindow, Listing.OfEntries<EntryPage> {
  @Override
  public EntryPage withProfiles(Map<String, String> profiles) {
    return new EntryPage(board, period, total, offset, limit, rankMode, Entry.withProfiles(entries, profiles));
  }

  public static final Function<JsonObject, EntryPage> FROM_JSON = AnswerJson.reader(EntryPage.class);
}
