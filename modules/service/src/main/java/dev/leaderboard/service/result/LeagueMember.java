package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * A league's member and their tier, with {@code created} false when the user was a member before
 * (over HTTP that is the status, 201 or 200, and the {@link #body} leaves it out).
 */
@DataObject
public interface LeagueMember extends Answer {
  String userId();

  String tier();

  Boolean created();

  static LeagueMember of(String userId, String tier, boolean created) {
    return new Fields(userId, tier, created);
  }

  /** The answer without {@code created}, as a new answer. */
  default LeagueMember body() {
    return new Fields(userId(), tier(), null);
  }

  static LeagueMember fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String userId, String tier, @AnswerJson.IfSet Boolean created) implements LeagueMember {
  }
}
