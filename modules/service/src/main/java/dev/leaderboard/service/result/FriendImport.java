package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** What an import did: {@code {userId, added, already, refused: [{index, friendId, error, message}]}}. */
@DataObject
public final class FriendImport extends JsonAnswer {
  public FriendImport(JsonObject json) {
    super(json);
  }

  /** @param refused the refusals, by index */
  public static FriendImport of(String userId, int added, int already, List<JsonObject> refused) {
    return new FriendImport(new JsonObject()
        .put("userId", userId)
        .put("added", added)
        .put("already", already)
        .put("refused", new JsonArray(new ArrayList<>(refused))));
  }
}
