package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * What an import did: {@code {userId, added, already, refused: [{index, friendId, error, message}]}}.
 *
 * @param refused The refusals, by index.
 */
public record FriendImport(String userId, int added, int already, List<Refused> refused) implements Answer {
  /** An ID not imported: its index in the request, the value given there, the refusal's code and message. */
  public record Refused(int index, Object friendId, String error, String message) implements Answer {
  }

  public static final Function<JsonObject, FriendImport> FROM_JSON = AnswerJson.reader(FriendImport.class);
}
