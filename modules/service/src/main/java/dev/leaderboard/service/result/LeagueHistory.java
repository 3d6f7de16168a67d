package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore.Step;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A member's closed league periods, newest first: {@code {league, userId, periods: [{period, tier,
 * cohort, cohortRank, score, movement, to, reward?}]}}, {@code tier} the one they competed in,
 * {@code reward} what that tier's board gave the member for the period, when it gave one.
 */
@DataObject
public final class LeagueHistory extends JsonAnswer {
  public LeagueHistory(JsonObject json) {
    super(json);
  }

  public static LeagueHistory of(String league, String userId, List<Step> steps) {
    JsonArray periods = new JsonArray();
    for (Step s : steps) {
      periods.add(new JsonObject().put("period", s.period()).put("tier", s.move().from()).put("cohort", s.move().cohort())
          .put("cohortRank", s.move().cohortRank()).put("score", s.move().score()).put("movement", s.move().movement())
          .put("to", s.move().to()));
      if (s.reward() != null) {
        periods.getJsonObject(periods.size() - 1).put("reward", new JsonObject(s.reward()));
      }
    }
    return new LeagueHistory(new JsonObject().put("league", league).put("userId", userId).put("periods", periods));
  }
}
