package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Refusal;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** {@code {userIds: [...]}}: 1 to {@link Limits#MAX_RANKS} user IDs, a repeated one counted once. */
@DataObject
public final class UserIds {
  private final Body body;
  private final List<String> ids = new ArrayList<>();

  public UserIds(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("userIds"));
      JsonArray given = Fields.array(b, "userIds");
      if (given.isEmpty() || given.size() > Limits.MAX_RANKS) {
        throw Refusal.invalid("userIds", "must hold 1 to " + Limits.MAX_RANKS + " user IDs (got "
            + given.size() + ")");
      }
      Set<String> unique = new LinkedHashSet<>();
      for (int i = 0; i < given.size(); i++) {
        Object v = given.getValue(i);
        unique.add(Names.id("userIds[" + i + "]", v instanceof String str ? str : null));
      }
      ids.addAll(unique);
    });
  }

  /** The IDs in the order first given; a body that breaks a rule throws its refusal. */
  public List<String> ids() {
    Body.check(this, body, "body");
    return ids;
  }

  public JsonObject toJson() {
    return body.json;
  }
}
