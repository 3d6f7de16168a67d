package dev.leaderboard.service.result;

import dev.leaderboard.core.League;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A league's definition ({@link League#toJson}); {@code created} true when the request created it. */
@DataObject
public final class LeagueDefinition extends JsonAnswer {
  public LeagueDefinition(JsonObject json) {
    super(json);
  }

  public static LeagueDefinition of(League l, boolean created) {
    return new LeagueDefinition(l.toJson().put("created", created));
  }
}
