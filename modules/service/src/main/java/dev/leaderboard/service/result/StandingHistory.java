package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A user's standing on a board period by period, newest first: {@code {board, userId, periods:
 * [{period, rank, score, total, percentile, partial?, cohort?, cohortRank?, reward?}]}}.
 */
@DataObject
public interface StandingHistory extends Answer {
  String board();

  String userId();

  List<Item> periods();

  /**
   * The user's standing in one period; a current period read while a shard is down is {@code partial}
   * (rank, total and percentile {@code null}). {@code reward}: the user's reward of an archived period.
   */
  record Item(String period, Long rank, long score, Long total, Double percentile, @AnswerJson.IfSet Boolean partial,
      @AnswerJson.Flat CohortPlace cohort, @AnswerJson.IfSet JsonObject reward) implements Answer {
  }

  static StandingHistory of(String board, String userId, List<Item> periods) {
    return new Fields(board, userId, periods);
  }

  static StandingHistory fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String userId, List<Item> periods) implements StandingHistory {
  }
}
