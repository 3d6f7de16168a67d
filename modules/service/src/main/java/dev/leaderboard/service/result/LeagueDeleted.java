package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** A deleted league. */
public record LeagueDeleted(String league, boolean deleted) implements Answer {
  public static LeagueDeleted of(String league) {
    return new LeagueDeleted(league, true);
  }

  public static LeagueDeleted fromJson(JsonObject json) {
    return AnswerJson.read(json, LeagueDeleted.class);
  }
}
