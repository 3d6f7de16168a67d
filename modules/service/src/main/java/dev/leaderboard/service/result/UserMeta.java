package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/** A user's entry metadata as stored by an update. */
@DataObject
public final class UserMeta extends JsonAnswer {
  public UserMeta(JsonObject json) {
    super(json);
  }

  public static UserMeta of(String board, String period, String userId, String meta) {
    return new UserMeta(new JsonObject().put("board", board).put("period", period).put("userId", userId)
        .put("meta", new JsonObject(meta)));
  }
}
