package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * The answer to a join: the user, the period and the user's {@code cohort} (absent on a board without
 * cohorts), with {@code created} false when the user had joined before (over HTTP that is the status,
 * 201 or 200, and the {@link #body} leaves it out).
 */
@DataObject
public interface JoinResult extends Answer {
  String userId();

  String period();

  Long cohort();

  Boolean created();

  /** @param cohort {@code 0} on a board without cohorts */
  static JoinResult of(String userId, String period, long cohort, boolean created) {
    return new Fields(userId, period, cohort > 0 ? cohort : null, created);
  }

  /** The answer without {@code created}, as a new answer. */
  default JoinResult body() {
    return new Fields(userId(), period(), cohort(), null);
  }

  static JoinResult fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String userId, String period, @AnswerJson.IfSet Long cohort, @AnswerJson.IfSet Boolean created)
      implements JoinResult {
  }
}
