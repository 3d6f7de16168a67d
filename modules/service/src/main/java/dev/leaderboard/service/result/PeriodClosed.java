package dev.leaderboard.service.result;

import dev.leaderboard.core.PeriodState;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A closed period: archived with {@code size} entries at {@code archivedAt} (epoch ms). */
@DataObject
public interface PeriodClosed extends Answer {
  String board();

  String period();

  PeriodState state();

  long size();

  long archivedAt();

  static PeriodClosed of(String board, String period, long size, long archivedAt) {
    return new Fields(board, period, PeriodState.ARCHIVED, size, archivedAt);
  }

  static PeriodClosed fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, PeriodState state, long size, long archivedAt) implements PeriodClosed {
  }
}
