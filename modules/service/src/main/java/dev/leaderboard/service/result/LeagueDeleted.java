package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A deleted league. */
@DataObject
public final class LeagueDeleted extends JsonAnswer {
  public LeagueDeleted(JsonObject json) {
    super(json);
  }

  public static LeagueDeleted of(String league) {
    return new LeagueDeleted(new JsonObject().put("league", league).put("deleted", true));
  }
}
