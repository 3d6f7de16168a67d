package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * A league's member and their tier, with {@code created} false when the user was a member before
 * (over HTTP that is the status, 201 or 200, and the {@link #body} leaves it out).
 */
public record LeagueMember(String userId, String tier, @AnswerJson.IfSet Boolean created) implements Answer {
  public static LeagueMember of(String userId, String tier, boolean created) {
    return new LeagueMember(userId, tier, created);
  }

  /** The answer without {@code created}, as a new answer. */
  public LeagueMember body() {
    return new LeagueMember(userId(), tier(), null);
  }

  public static final Function<JsonObject, LeagueMember> FROM_JSON = AnswerJson.reader(LeagueMember.class);
}
