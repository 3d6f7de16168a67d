package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;

/** {@code {friendIds: [...]}}: the IDs to befriend; each element is judged on its own by the service. */
@DataObject
public final class FriendIds {
  private final Body body;
  private List<Object> ids;

  public FriendIds(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("friendIds"));
      ids = Fields.array(b, "friendIds").getList();
    });
  }

  /** The IDs as sent, in order; a body that breaks a rule throws its refusal. */
  public List<Object> friendIds() {
    Body.check(this, body, "body");
    return ids;
  }

  public JsonObject toJson() {
    return body.json;
  }
}
