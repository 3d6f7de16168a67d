package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Names;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/** {@code {userId, tier?}}: who joins a league, and the tier an administrator places them in. */
@DataObject
public final class LeagueJoin {
  private final Body body;
  private String userId;
  private String tier;

  public LeagueJoin(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("userId", "tier"));
      Object id = b.getValue("userId");
      userId = Names.id("userId", id instanceof String s ? s : null);
      Object t = b.getValue("tier");
      tier = t == null ? null : Names.board("tier", t instanceof String s ? s : null);
    });
  }

  /** Throws the body's refusal, if any. */
  public LeagueJoin check() {
    Body.check(this, body, "body");
    return this;
  }

  public String userId() {
    return userId;
  }

  /** {@code null} when the request names none. */
  public String tier() {
    return tier;
  }

  public JsonObject toJson() {
    return body.json;
  }
}
