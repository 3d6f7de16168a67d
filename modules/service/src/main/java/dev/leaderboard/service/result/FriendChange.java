package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * A friendship made or ended: {@code {userId, friendId, added}} or {@code {userId, friendId, removed}},
 * false when there was nothing to change.
 */
@DataObject
public final class FriendChange extends JsonAnswer {
  public FriendChange(JsonObject json) {
    super(json);
  }

  public static FriendChange added(String userId, String friendId, boolean added) {
    return new FriendChange(new JsonObject().put("userId", userId).put("friendId", friendId).put("added", added));
  }

  public static FriendChange removed(String userId, String friendId, boolean removed) {
    return new FriendChange(new JsonObject().put("userId", userId).put("friendId", friendId).put("removed", removed));
  }

  /** Whether an addition made a new friendship (not asked of a removal). */
  public boolean added() {
    return json.getBoolean("added");
  }
}
