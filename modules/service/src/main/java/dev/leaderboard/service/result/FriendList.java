package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/** A user's friends: {@code {userId, count, friends: [IDs sorted]}}. */
public record FriendList(String userId, int count, List<String> friends) implements Answer {
  /** @param friends the IDs in their order */
  public static FriendList of(String userId, Collection<String> friends) {
    return new FriendList(userId, friends.size(), List.copyOf(friends));
  }

  public static final Function<JsonObject, FriendList> FROM_JSON = AnswerJson.reader(FriendList.class);
}
