package dev.leaderboard.service.result;

import dev.leaderboard.core.League;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * A league's definition ({@link League#toJson}) with {@code created}, true when the request created
 * it (over HTTP that is the status, 201 or 200, and the body is the definition).
 */
@DataObject
public interface LeagueDefinition extends Answer {
  /** The definition, as the HTTP API answers it. */
  JsonObject definition();

  boolean created();

  static LeagueDefinition of(League l, boolean created) {
    return new Fields(l.toJson(), created);
  }

  static LeagueDefinition fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(@AnswerJson.Flat JsonObject definition, boolean created) implements LeagueDefinition {
  }
}
