package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A reward claimed by this request: its {@code id} and {@code claimedAt} (epoch ms). */
@DataObject
public interface RewardClaimed extends Answer {
  long id();

  long claimedAt();

  static RewardClaimed of(long id, long claimedAt) {
    return new Fields(id, claimedAt);
  }

  static RewardClaimed fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields. */
  record Fields(long id, long claimedAt) implements RewardClaimed {
  }
}
