package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/** A reward claimed by this request: its {@code id} and {@code claimedAt} (epoch ms). */
public record RewardClaimed(long id, long claimedAt) implements Answer {
  public static final Function<JsonObject, RewardClaimed> FROM_JSON = AnswerJson.reader(RewardClaimed.class);
}
