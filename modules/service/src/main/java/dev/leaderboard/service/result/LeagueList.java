package dev.leaderboard.service.result;

import dev.leaderboard.core.League;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/** Every league's definition ({@code leagues}), sorted by name. */
public record LeagueList(List<JsonObject> leagues) implements Answer {
  public static LeagueList of(List<League> leagues) {
    return new LeagueList(leagues.stream().map(League::toJson).toList());
  }

  public static final Function<JsonObject, LeagueList> FROM_JSON = AnswerJson.reader(LeagueList.class);
}
