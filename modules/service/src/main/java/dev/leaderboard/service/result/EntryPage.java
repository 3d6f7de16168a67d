package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A page of a board's period: entries from global position {@code offset}, in board order. */
@DataObject
public interface EntryPage extends EntryWindow {
  int limit();

  static EntryPage of(String board, String period, long total, long offset, int limit, RankMode rankMode,
      List<Entry> entries) {
    return new Fields(board, period, total, offset, limit, rankMode, entries);
  }

  static EntryPage fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, long total, long offset, int limit, RankMode rankMode,
      List<Entry> entries) implements EntryPage {
  }
}
