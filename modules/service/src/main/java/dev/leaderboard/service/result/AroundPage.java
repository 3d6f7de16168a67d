package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The entries around a user, starting at global position {@code offset}. */
@DataObject
public interface AroundPage extends EntryWindow {
  String userId();

  static AroundPage of(String board, String period, String userId, long total, long offset, RankMode rankMode,
      List<Entry> entries) {
    return new Fields(board, period, userId, total, offset, rankMode, entries);
  }

  static AroundPage fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, String userId, long total, long offset, RankMode rankMode,
      List<Entry> entries) implements AroundPage {
  }
}
