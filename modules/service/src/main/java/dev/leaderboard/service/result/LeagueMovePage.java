package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A page of a closed league period's moves: {@code {league, period, movement, total, offset, limit,
 * counts: {up, down, stay, dropped}, moves: [{userId, from, to, cohort, cohortRank, score,
 * movement}]}}; {@code movement} the filter (null: every move), {@code total} the moves it matches,
 * {@code counts} every move of the period by movement.
 */
@DataObject
public final class LeagueMovePage extends JsonAnswer {
  public LeagueMovePage(JsonObject json) {
    super(json);
  }

  public static LeagueMovePage of(String league, String period, String movement, long total, long offset, int limit,
      JsonObject counts, List<Move> moves) {
    JsonArray page = new JsonArray();
    for (Move m : moves) {
      page.add(new JsonObject().put("userId", m.userId()).put("from", m.from()).put("to", m.to())
          .put("cohort", m.cohort()).put("cohortRank", m.cohortRank()).put("score", m.score())
          .put("movement", m.movement()));
    }
    return new LeagueMovePage(new JsonObject().put("league", league).put("period", period).put("movement", movement)
        .put("total", total).put("offset", offset).put("limit", limit).put("counts", counts).put("moves", page));
  }
}
