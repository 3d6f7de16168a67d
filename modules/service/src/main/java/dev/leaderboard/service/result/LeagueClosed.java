package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A closed league period: {@code {league, period, moves: [{userId, from, to, cohort, cohortRank, score, movement}]}}. */
@DataObject
public final class LeagueClosed extends JsonAnswer {
  public LeagueClosed(JsonObject json) {
    super(json);
  }

  public static LeagueClosed of(String league, String period, List<Move> moves) {
    JsonArray out = new JsonArray();
    for (Move m : moves) {
      out.add(new JsonObject().put("userId", m.userId()).put("from", m.from()).put("to", m.to())
          .put("cohort", m.cohort()).put("cohortRank", m.cohortRank()).put("score", m.score())
          .put("movement", m.movement()));
    }
    return new LeagueClosed(new JsonObject().put("league", league).put("period", period).put("moves", out));
  }
}
