package dev.leaderboard.service.result;

import dev.leaderboard.core.League;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** {@code {"leagues": [definition, ...]}}. */
@DataObject
public final class LeagueList extends JsonAnswer {
  public LeagueList(JsonObject json) {
    super(json);
  }

  public static LeagueList of(List<League> leagues) {
    JsonArray out = new JsonArray();
    leagues.forEach(l -> out.add(l.toJson()));
    return new LeagueList(new JsonObject().put("leagues", out));
  }
}
