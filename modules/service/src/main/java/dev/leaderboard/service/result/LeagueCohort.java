package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A cohort of a league's tier in one period: {@code {league, tier, period, cohort, size, entries:
 * [{userId, score, rank, globalRank, at, meta?, zone}], missing: [{userId, zone}]}}, the entries in
 * the tier board's unique order, {@code missing} the members without a score.
 */
@DataObject
public final class LeagueCohort extends JsonAnswer {
  public LeagueCohort(JsonObject json) {
    super(json);
  }

  public static LeagueCohort of(String league, String tier, String period, long cohort, int size, JsonArray entries,
      JsonArray missing, JsonObject partial) {
    JsonObject out = new JsonObject().put("league", league).put("tier", tier).put("period", period)
        .put("cohort", cohort).put("size", size).put("entries", entries).put("missing", missing);
    if (partial != null) {
      out.put("partial", partial);
    }
    return new LeagueCohort(out);
  }
}
