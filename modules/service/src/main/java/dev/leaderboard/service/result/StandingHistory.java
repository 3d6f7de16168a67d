package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A user's standing on a board period by period, newest first: {@code {board, userId, periods:
 * [{period, rank, score, total, percentile, cohort?, cohortRank?, reward?}]}}.
 */
@DataObject
public final class StandingHistory extends JsonAnswer {
  public StandingHistory(JsonObject json) {
    super(json);
  }

  public static StandingHistory of(String board, String userId, JsonArray periods) {
    return new StandingHistory(new JsonObject().put("board", board).put("userId", userId).put("periods", periods));
  }
}
