package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A reward claimed by this request: {@code {id, claimedAt}} (epoch ms). */
@DataObject
public final class RewardClaimed extends JsonAnswer {
  public RewardClaimed(JsonObject json) {
    super(json);
  }

  public static RewardClaimed of(long id, long claimedAt) {
    return new RewardClaimed(new JsonObject().put("id", id).put("claimedAt", claimedAt));
  }
}
