package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** {@code {userId, tier}}, with {@code created} false when the user was a member before. */
@DataObject
public final class LeagueMember extends JsonAnswer {
  public LeagueMember(JsonObject json) {
    super(json);
  }

  public static LeagueMember of(String userId, String tier, boolean created) {
    return new LeagueMember(new JsonObject().put("userId", userId).put("tier", tier).put("created", created));
  }
}
