package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** A reward claimed by this request: its {@code id} and {@code claimedAt} (epoch ms). */
public record RewardClaimed(long id, long claimedAt) implements Answer {
  public static RewardClaimed of(long id, long claimedAt) {
    return new RewardClaimed(id, claimedAt);
  }

  public static RewardClaimed fromJson(JsonObject json) {
    return AnswerJson.read(json, RewardClaimed.class);
  }
}
