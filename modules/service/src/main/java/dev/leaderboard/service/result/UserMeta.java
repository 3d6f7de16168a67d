package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/** A user's entry metadata as stored by an update. */
public record UserMeta(String board, String period, String userId, JsonObject meta) implements Answer {
  /** @param meta the metadata, a JSON object's text */
  public static UserMeta of(String board, String period, String userId, String meta) {
    return new UserMeta(board, period, userId, new JsonObject(meta));
  }

  public static final Function<JsonObject, UserMeta> FROM_JSON = AnswerJson.reader(UserMeta.class);
}
