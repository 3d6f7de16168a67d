package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Refusal;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/** {@code {reason}}: why a user is banned, 1 to {@link #MAX_REASON} characters. */
@DataObject
public final class BanRequest {
  public static final int MAX_REASON = 500;
  private final Body body;
  private String reason;

  public BanRequest(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("reason"));
      reason = Fields.string(b, "", "reason", null);
      if (reason == null || reason.isBlank() || reason.length() > MAX_REASON) {
        throw Refusal.invalid("reason", "is required: 1-" + MAX_REASON + " characters saying why");
      }
    });
  }

  /** The reason; a body that breaks a rule throws its refusal. */
  public String reason() {
    Body.check(this, body, "body");
    return reason;
  }

  public JsonObject toJson() {
    return body.json;
  }
}
