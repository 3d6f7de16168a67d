package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collection;

/** A user's friends: {@code {userId, count, friends: [IDs sorted]}}. */
@DataObject
public final class FriendList extends JsonAnswer {
  public FriendList(JsonObject json) {
    super(json);
  }

  /** @param friends the IDs in their order */
  public static FriendList of(String userId, Collection<String> friends) {
    return new FriendList(new JsonObject()
        .put("userId", userId)
        .put("count", friends.size())
        .put("friends", new JsonArray(new ArrayList<>(friends))));
  }
}
