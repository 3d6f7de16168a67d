package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A user's entry metadata as stored by an update. */
@DataObject
public interface UserMeta extends Answer {
  String board();

  String period();

  String userId();

  JsonObject meta();

  /** @param meta the metadata, a JSON object's text */
  static UserMeta of(String board, String period, String userId, String meta) {
    return new Fields(board, period, userId, new JsonObject(meta));
  }

  static UserMeta fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, String period, String userId, JsonObject meta) implements UserMeta {
  }
}
