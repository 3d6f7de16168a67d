package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * The answer to a join: the user, the period and the user's {@code cohort} (absent on a board without
 * cohorts), with {@code created} false when the user had joined before (over HTTP that is the status,
 * 201 or 200, and the {@link #body} leaves it out).
 */
public record JoinResult(String userId, String period, @AnswerJson.IfSet Long cohort,
    @AnswerJson.IfSet Boolean created) implements Answer {
  /** @param cohort {@code 0} on a board without cohorts */
  public static JoinResult of(String userId, String period, long cohort, boolean created) {
    return new JoinResult(userId, period, cohort > 0 ? cohort : null, created);
  }

  /** The answer without {@code created}, as a new answer. */
  public JoinResult body() {
    return new JoinResult(userId(), period(), cohort(), null);
  }

  public static final Function<JsonObject, JoinResult> FROM_JSON = AnswerJson.reader(JoinResult.class);
}
