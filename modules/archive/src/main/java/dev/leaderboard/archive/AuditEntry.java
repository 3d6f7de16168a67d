package dev.leaderboard.archive;

import io.vertx.core.json.JsonObject;
import java.util.Objects;

/**
 * One admin action as the audit log keeps it.
 *
 * @param id the row's number, {@code null} before it is written
 * @param at epoch ms when the outcome was known
 * @param actor who acted: {@code key:<key ID>} for an API key
 * @param operation the operation's ID in {@code openapi.yaml} (e.g. {@code putBoard})
 * @param board the board it acted on, {@code null} for an operation on no board
 * @param target what else names the object of the action (e.g. {@code period}, a key's {@code id})
 * @param request a small JSON of the request, without secrets
 * @param status the HTTP status of the answer
 * @param error the error code of a refused action, {@code null} for a success
 */
public record AuditEntry(Long id, long at, String actor, String operation, String board, JsonObject target,
    JsonObject request, int status, String error) {

  public AuditEntry {
    Objects.requireNonNull(actor, "actor");
    Objects.requireNonNull(operation, "operation");
    target = target == null ? new JsonObject() : target;
    request = request == null ? new JsonObject() : request;
  }

  /** As the API shows it; absent fields are left out. */
  public JsonObject toJson() {
    JsonObject out = new JsonObject();
    if (id != null) {
      out.put("id", id);
    }
    out.put("at", at).put("who", actor).put("operation", operation);
    if (board != null) {
      out.put("board", board);
    }
    out.put("target", target).put("request", request).put("status", status);
    if (error != null) {
      out.put("error", error);
    }
    return out;
  }
}
