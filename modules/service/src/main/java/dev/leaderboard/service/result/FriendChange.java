package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * A friendship made or ended: {@code {userId, friendId, added}} or {@code {userId, friendId, removed}},
 * false when there was nothing to change.
 */
@DataObject
public interface FriendChange extends Answer {
  String userId();

  String friendId();

  /** Whether an addition made a new friendship; {@code null} for a removal. */
  Boolean added();

  /** Whether a removal ended a friendship; {@code null} for an addition. */
  Boolean removed();

  static FriendChange added(String userId, String friendId, boolean added) {
    return new Fields(userId, friendId, added, null);
  }

  static FriendChange removed(String userId, String friendId, boolean removed) {
    return new Fields(userId, friendId, null, removed);
  }

  static FriendChange fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String userId, String friendId, @AnswerJson.IfSet Boolean added, @AnswerJson.IfSet Boolean removed)
      implements FriendChange {
  }
}
