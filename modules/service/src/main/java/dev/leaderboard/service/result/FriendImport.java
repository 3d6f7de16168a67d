package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** What an import did: {@code {userId, added, already, refused: [{index, friendId, error, message}]}}. */
@DataObject
public interface FriendImport extends Answer {
  String userId();

  int added();

  int already();

  /** The refusals, by index. */
  List<Refused> refused();

  /** An ID not imported: its index in the request, the value given there, the refusal's code and message. */
  record Refused(int index, Object friendId, String error, String message) implements Answer {
  }

  static FriendImport of(String userId, int added, int already, List<Refused> refused) {
    return new Fields(userId, added, already, refused);
  }

  static FriendImport fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String userId, int added, int already, List<Refused> refused) implements FriendImport {
  }
}
