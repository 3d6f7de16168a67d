package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.Collection;
import java.util.List;

/** A user's friends: {@code {userId, count, friends: [IDs sorted]}}. */
@DataObject
public interface FriendList extends Answer {
  String userId();

  int count();

  List<String> friends();

  /** @param friends the IDs in their order */
  static FriendList of(String userId, Collection<String> friends) {
    return new Fields(userId, friends.size(), List.copyOf(friends));
  }

  static FriendList fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String userId, int count, List<String> friends) implements FriendList {
  }
}
