package dev.leaderboard.service.result;

import dev.leaderboard.core.League;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * A league's definition ({@link League#toJson}) with {@code created}, true when the request created
 * it (over HTTP that is the status, 201 or 200, and the body is the definition).
 *
 * @param definition The definition, as the HTTP API answers it.
 */
public record LeagueDefinition(@AnswerJson.Flat JsonObject definition, boolean created) implements Answer {
  public static LeagueDefinition of(League l, boolean created) {
    return new LeagueDefinition(l.toJson(), created);
  }

  public static final Function<JsonObject, LeagueDefinition> FROM_JSON = AnswerJson.reader(LeagueDefinition.class);
}
