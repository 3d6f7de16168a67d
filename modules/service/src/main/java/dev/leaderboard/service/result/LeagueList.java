package dev.leaderboard.service.result;

import dev.leaderboard.core.League;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** Every league's definition ({@code leagues}), sorted by name. */
@DataObject
public interface LeagueList extends Answer {
  List<JsonObject> leagues();

  static LeagueList of(List<League> leagues) {
    return new Fields(leagues.stream().map(League::toJson).toList());
  }

  static LeagueList fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields. */
  record Fields(List<JsonObject> leagues) implements LeagueList {
  }
}
