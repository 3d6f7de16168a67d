package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * The answer to a join: {@code {userId, period, cohort?}}, with {@code created} false when the user
 * had joined before (over HTTP that is the status, 201 or 200, and the body leaves it out).
 */
@DataObject
public final class JoinResult extends JsonAnswer {
  public JoinResult(JsonObject json) {
    super(json);
  }

  /** @param cohort {@code 0} on a board without cohorts */
  public static JoinResult of(String userId, String period, long cohort, boolean created) {
    JsonObject out = new JsonObject().put("userId", userId).put("period", period);
    if (cohort > 0) {
      out.put("cohort", cohort);
    }
    return new JoinResult(out.put("created", created));
  }
}
