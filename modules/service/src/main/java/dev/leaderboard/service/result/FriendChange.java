package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * A friendship made or ended: {@code {userId, friendId, added}} or {@code {userId, friendId, removed}},
 * false when there was nothing to change.
 *
 * @param added Whether an addition made a new friendship; {@code null} for a removal.
 * @param removed Whether a removal ended a friendship; {@code null} for an addition.
 */
public record FriendChange(String userId, String friendId, @AnswerJson.IfSet Boolean added,
    @AnswerJson.IfSet Boolean removed) implements Answer {
  public static FriendChange added(String userId, String friendId, boolean added) {
    return new FriendChange(userId, friendId, added, null);
  }

  public static FriendChange removed(String userId, String friendId, boolean removed) {
    return new FriendChange(userId, friendId, null, removed);
  }

  public static final Function<JsonObject, FriendChange> FROM_JSON = AnswerJson.reader(FriendChange.class);
}
