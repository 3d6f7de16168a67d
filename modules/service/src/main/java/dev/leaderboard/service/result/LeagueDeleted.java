package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/** A deleted league. */
public record LeagueDeleted(String league, boolean deleted) implements Answer {
  public static LeagueDeleted of(String league) {
    return new LeagueDeleted(league, true);
  }

  public static final Function<JsonObject, LeagueDeleted> FROM_JSON = AnswerJson.reader(LeagueDeleted.class);
}
