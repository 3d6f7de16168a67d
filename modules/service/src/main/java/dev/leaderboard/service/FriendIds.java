package dev.leaderboard.service;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;

/**
 * The body of a friend import, {@code {friendIds: [...]}}. Its shape is checked when it is built
 * (a 400 {@link LeaderboardException} naming the field); each ID is judged by the service on its own.
 */
@DataObject
public final class FriendIds {
  private final JsonObject json;

  /** @throws LeaderboardException 400 when the body is not an object holding only a {@code friendIds} array */
  public FriendIds(JsonObject json) {
    Fields.onlyKnown(Fields.object(json, "body"), "", Set.of("friendIds"));
    Fields.array(json, "friendIds");
    this.json = json;
  }

  /** The IDs as sent, in order: an element that is not a string is refused on its own. */
  public List<Object> friendIds() {
    return json.getJsonArray("friendIds").stream().toList();
  }

  public JsonObject toJson() {
    return json;
  }
}
