package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * {@code {userId, boards: [{board, period, participant, joinedAt?, cohort?, score?, rank?, cohortRank?,
 * attemptsLeft?, window}]}}: the boards where the user takes part or has an entry in the current
 * period, by board name.
 */
@DataObject
public final class UserBoards extends JsonAnswer {
  public UserBoards(JsonObject json) {
    super(json);
  }

  public static UserBoards of(String userId, JsonArray boards) {
    return new UserBoards(new JsonObject().put("userId", userId).put("boards", boards));
  }
}
