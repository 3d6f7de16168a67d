package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A closed league period: {@code {league, period, total, counts: {up, down, stay, dropped}, moves:
 * [{userId, from, to, cohort, cohortRank, score, movement}]}}, the moves the first {@link #MOVES} by
 * user ID (a league may hold millions; the rest are paged by {@code GET .../moves}).
 */
@DataObject
public final class LeagueClosed extends JsonAnswer {
  public LeagueClosed(JsonObject json) {
    super(json);
  }

  /** The most moves an answer lists. */
  public static final int MOVES = 1000;

  public static LeagueClosed of(String league, String period, List<Move> moves) {
    JsonArray out = new JsonArray();
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String movement : List.of("up", "down", "stay", "dropped")) {
      counts.put(movement, 0L);
    }
    for (Move m : moves) {
      counts.merge(m.movement(), 1L, Long::sum);
      if (out.size() < MOVES) {
        out.add(new JsonObject().put("userId", m.userId()).put("from", m.from()).put("to", m.to())
            .put("cohort", m.cohort()).put("cohortRank", m.cohortRank()).put("score", m.score())
            .put("movement", m.movement()));
      }
    }
    return new LeagueClosed(new JsonObject().put("league", league).put("period", period).put("total", moves.size())
        .put("counts", new JsonObject(new LinkedHashMap<>(counts))).put("moves", out));
  }
}
