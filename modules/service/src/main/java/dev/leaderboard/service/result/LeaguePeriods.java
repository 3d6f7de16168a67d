package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A league's closed periods, newest first: {@code {league, periods: [{period, moves, up, down, stay,
 * dropped}]}}, each with its recorded moves counted by movement.
 */
@DataObject
public final class LeaguePeriods extends JsonAnswer {
  public LeaguePeriods(JsonObject json) {
    super(json);
  }

  /** @param periods each {@code {period, moves, up, down, stay, dropped}}, newest first */
  public static LeaguePeriods of(String league, JsonArray periods) {
    return new LeaguePeriods(new JsonObject().put("league", league).put("periods", periods));
  }
}
