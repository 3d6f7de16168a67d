package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A deleted league. */
@DataObject
public interface LeagueDeleted extends Answer {
  String league();

  boolean deleted();

  static LeagueDeleted of(String league) {
    return new Fields(league, true);
  }

  static LeagueDeleted fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields. */
  record Fields(String league, boolean deleted) implements LeagueDeleted {
  }
}
