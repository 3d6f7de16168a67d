package dev.leaderboard.api;

import dev.leaderboard.archive.AuditLog;
import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.api.auth.Access;
import dev.leaderboard.api.auth.Caller;
import dev.leaderboard.api.auth.Scope;
import dev.leaderboard.archive.AuditEntry;
import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;

/**
 * Records every non-{@code GET} admin operation, and every call of an admin operation a player may
 * make about themselves ({@link Access#audited}), in the node's {@link AuditLog} (so a new one needs no
 * code here), with the status or {@code connection_closed}; the answer does not wait for the entry.
 * While the log cannot be written the action is refused with 503 {@code archive_unavailable} before
 * it starts. The request body is kept only up to {@value #MAX_REQUEST} bytes with key-like strings
 * redacted; never a header, never an answer.
 */
final class AuditTrail {
  /** Where {@link FailureHandler#error} puts the error code of the answer. */
  static final String ERROR_CODE = "leaderboard.errorCode";
  static final int MAX_REQUEST = 4096;
  static final String REDACTED = "[redacted]";
  private static final String NOTES = "leaderboard.auditNotes";

  private final NodeAudit audit;

  AuditTrail(NodeAudit audit) {
    this.audit = audit;
  }

  Handler<RoutingContext> handler(Access access) {
    if (!access.audited(false) && !access.audited(true)) {
      return RoutingContext::next;
    }
    return ctx -> {
      if (!access.audited(ctx.request().method() == HttpMethod.GET)) {
        ctx.next();
        return;
      }
      AuditLog log = audit.require();
      if (!log.accepting()) {
        throw StoreUnavailableException.auditLog();
      }
      Caller caller = Caller.of(ctx);
      ctx.put(NOTES, new JsonObject());
      boolean[] recorded = {false};
      // as the answer's status line is written: before the client can read it
      ctx.addHeadersEndHandler(v -> {
        recorded[0] = true;
        log.record(entry(log, access, caller, ctx, ctx.get(ERROR_CODE)));
      });
      // the connection closed before an answer: the action may or may not have taken effect
      ctx.addEndHandler(done -> {
        if (!recorded[0]) {
          log.record(entry(log, access, caller, ctx, "connection_closed"));
        }
      });
      ctx.next();
    };
  }

  /** Adds {@code name} to the action's target in the audit entry (e.g. the ID of a key just created). */
  static void note(RoutingContext ctx, String name, Object value) {
    JsonObject notes = ctx.get(NOTES);
    if (notes != null) {
      notes.put(name, value);
    }
  }

  private static AuditEntry entry(AuditLog log, Access access, Caller caller, RoutingContext ctx, String error) {
    JsonObject target = new JsonObject();
    for (Map.Entry<String, String> p : ctx.pathParams().entrySet()) {
      if (!p.getKey().equals("board")) {
        target.put(p.getKey(), p.getValue());
      }
    }
    target.mergeIn(ctx.<JsonObject>get(NOTES));
    return new AuditEntry(null, log.clock().millis(), caller.toString(), access.operationId(),
        access.onBoard() ? ctx.pathParam("board") : null, target, request(ctx.body().buffer()),
        ctx.response().getStatusCode(), error);
  }

  /** The body as recorded: a small JSON object without anything that looks like a key, nor a webhook's secret. */
  static JsonObject request(Buffer body) {
    if (body == null || body.length() == 0) {
      return new JsonObject();
    }
    if (body.length() > MAX_REQUEST) {
      return new JsonObject().put("omitted", body.length() + " bytes");
    }
    try {
      Object parsed = StrictJson.parse(body);
      if (parsed instanceof JsonObject json) {
        return (JsonObject) redact(json);
      }
    } catch (RuntimeException e) {
      // recorded as unreadable below
    }
    return new JsonObject().put("unreadable", body.length() + " bytes");
  }

  private static Object redact(Object value) {
    if (value instanceof String s) {
      // PostgreSQL's jsonb holds no NUL character
      return s.regionMatches(true, 0, "lb_", 0, 3) ? REDACTED : s.replace('\0', '\uFFFD');
    }
    if (value instanceof JsonObject o) {
      JsonObject out = new JsonObject();
      // a board's webhook secret: any field named so, whatever it holds
      o.forEach(e -> out.put(e.getKey(), "secret".equalsIgnoreCase(e.getKey()) ? REDACTED : redact(e.getValue())));
      return out;
    }
    if (value instanceof JsonArray a) {
      JsonArray out = new JsonArray();
      a.forEach(v -> out.add(redact(v)));
      return out;
    }
    return value;
  }
}
