package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.Refusal;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/**
 * {@code {reason}}, all optional: why a user's ban is lifted, 1 to {@link BanRequest#MAX_REASON}
 * characters when given. The lift itself needs no reason; the audit log records the body.
 */
public final class LiftRequest {
  private final Body body;
  private String reason;

  public LiftRequest(JsonObject json) {
    this.body = new Body(json, "body", b -> {
      Fields.onlyKnown(b, "", Set.of("reason"));
      reason = Fields.string(b, "", "reason", null);
      if (reason != null && (reason.isBlank() || reason.length() > BanRequest.MAX_REASON)) {
        throw Refusal.invalid("reason", "when given: 1-" + BanRequest.MAX_REASON + " characters saying why");
      }
    });
  }

  /** The reason, or {@code null}; a body that breaks a rule throws its refusal. */
  public String reason() {
    Body.check(this, body, "body");
    return reason;
  }
}
