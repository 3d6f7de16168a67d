package dev.leaderboard.api;

import dev.leaderboard.api.audit.NodeAudit;
import dev.leaderboard.api.auth.Caller;
import dev.leaderboard.archive.AuditEntry;
import dev.leaderboard.archive.AuditFilter;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Refusal;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.regex.Pattern;

/** {@code GET /v1/audit} (scope {@code admin}): the audit log, newest first, a page at a time, of one board, action and actor or all. */
final class AuditRoutes {
  static final int DEFAULT_LIMIT = 100;
  static final int MAX_LIMIT = 1000;
  private static final Pattern ACTION = Pattern.compile("[A-Za-z]{1,64}");
  private static final Pattern ACTOR = Pattern.compile("(key:)?[0-9a-f]{16}");
  private final NodeAudit audit;

  private AuditRoutes(NodeAudit audit) {
    this.audit = audit;
  }

  static void mount(ContractRouter router, NodeAudit audit) {
    router.handle("listAudit", new AuditRoutes(audit)::list);
  }

  /** An operation's ID as recorded ({@code banUser}), or {@code null} for any. */
  static String action(String value) {
    if (value != null && !ACTION.matcher(value).matches()) {
      throw Refusal.invalid("action", "must be an operation ID: 1 to 64 letters, such as banUser");
    }
    return value;
  }

  /** Who acted as recorded ({@code key:<key ID>}, or the key ID alone), or {@code null} for anyone. */
  static String actor(String value) {
    if (value == null) {
      return null;
    }
    if (!ACTOR.matcher(value).matches()) {
      throw Refusal.invalid("actor", "must be key:<key ID> or a key ID (16 lowercase hex digits)");
    }
    return value.startsWith(Caller.KEY + ":") ? value : Caller.KEY + ":" + value;
  }

  private void list(RoutingContext ctx) {
    Params q = Params.of(ctx);
    Long offset = q.longValue("offset");
    Integer limit = q.intValue("limit");
    long from = offset == null ? 0 : offset;
    int size = limit == null ? DEFAULT_LIMIT : limit;
    if (from < 0) {
      throw Refusal.invalid("offset", "must not be negative (got " + from + ")");
    }
    if (size < 1 || size > MAX_LIMIT) {
      throw Refusal.invalid("limit", "must be between 1 and " + MAX_LIMIT + " (got " + size + ")");
    }
    String board = q.string("board") == null ? null : Names.board("board", q.string("board"));
    AuditFilter filter = new AuditFilter(board, action(q.string("action")), actor(q.string("actor")));
    audit.require().store().page(filter, from, size).onComplete(ar -> {
      if (ar.failed()) {
        ctx.fail(ar.cause());
        return;
      }
      ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
      ctx.json(new JsonObject().put("entries", new JsonArray(ar.result().stream().map(AuditEntry::toJson).toList()))
          .put("offset", from).put("limit", size));
    });
  }
}
