package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A cohort's board: {@code {board, period, cohort, size, rankMode, entries: [{userId, score, rank,
 * globalRank, at, meta?}], missing: [...]}}; {@code rank} within the cohort, {@code globalRank} on the
 * whole board (both in {@code rankMode}); {@code missing} the members without a score.
 */
@DataObject
public final class CohortBoard extends JsonAnswer {
  public CohortBoard(JsonObject json) {
    super(json);
  }

  /** @param entries each {@code {userId, score, rank, globalRank, at, meta?}}, in cohort order */
  public static CohortBoard of(String board, String period, long cohort, int size, RankMode mode, JsonArray entries,
      List<String> missing, JsonObject partial) {
    JsonObject out = new JsonObject().put("board", board).put("period", period).put("cohort", cohort)
        .put("size", size).put("rankMode", mode.wireName()).put("entries", entries)
        .put("missing", new JsonArray(missing));
    if (partial != null) {
      out.put("partial", partial);
    }
    return new CohortBoard(out);
  }

  public long cohort() {
    return json.getLong("cohort");
  }

  /** The user's rank within the cohort, or {@code null} when the user has no score. */
  public Long rankOf(String userId) {
    JsonArray entries = json.getJsonArray("entries");
    for (int i = 0; i < entries.size(); i++) {
      JsonObject e = entries.getJsonObject(i);
      if (userId.equals(e.getString("userId"))) {
        return e.getLong("rank");
      }
    }
    return null;
  }
}
