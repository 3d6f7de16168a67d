package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A league's tiers in one period, lowest first: {@code {league, period, tiers: [{tier, members,
 * cohorts}]}}, {@code members} the members seated in the tier that period and {@code cohorts} how
 * many cohorts they fill.
 */
@DataObject
public final class LeagueTiers extends JsonAnswer {
  public LeagueTiers(JsonObject json) {
    super(json);
  }

  /** @param tiers each {@code {tier, members, cohorts}}, lowest tier first */
  public static LeagueTiers of(String league, String period, JsonArray tiers) {
    return new LeagueTiers(new JsonObject().put("league", league).put("period", period).put("tiers", tiers));
  }
}
