package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * An entry removed by a moderator: its score, time and sort keys as they were, and whether it was
 * an entry held back by a ban ({@code heldByBan}) rather than a ranked one.
 */
@DataObject
public interface EntryRemoved extends Answer {
  String board();

  String period();

  String userId();

  long score();

  long at();

  JsonObject keys();

  boolean heldByBan();

  static EntryRemoved of(String board, String period, String userId, long score, long at, JsonObject keys,
      boolean heldByBan) {
    return new Fields(board, period, userId, true, score, at, keys, heldByBan);
  }

  static EntryRemoved fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, String userId, boolean removed, long score, long at,
      @AnswerJson.IfSet JsonObject keys, boolean heldByBan) implements EntryRemoved {
  }
}
