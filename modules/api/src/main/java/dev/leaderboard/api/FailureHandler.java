package dev.leaderboard.api;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A {@link LeaderboardException} or the router's own refusal becomes its JSON error; anything else is 500. */
final class FailureHandler implements Handler<RoutingContext> {
  private static final Logger LOG = LoggerFactory.getLogger(FailureHandler.class);
  private final ShedMeter shed;

  private FailureHandler(ShedMeter shed) {
    this.shed = shed;
  }

  static void mount(Router router, ShedMeter shed) {
    router.route().failureHandler(new FailureHandler(shed));
    router.errorHandler(404, ctx -> error(ctx, 404, "not_found",
        "no such resource: " + ctx.request().method() + " " + ctx.request().path()));
    router.errorHandler(405, ctx -> error(ctx, 405, "method_not_allowed",
        ctx.request().method() + " is not allowed on " + ctx.request().path()));
    // The router answers 400 itself, before any route's failure handler, when the URI cannot be
    // decoded while matching (malformed percent-encoding in the path or query string).
    router.errorHandler(400, ctx -> error(ctx, 400, "bad_request", "the request URI " + ctx.request().uri()
        + " could not be decoded (a malformed %-escape?); percent-encode reserved characters, e.g. '%' as %25"));
  }

  @Override
  public void handle(RoutingContext ctx) {
    Throwable t = ctx.failure();
    if (ctx.response().ended() || ctx.response().closed()) {
      // answered already (a refused body, see HttpEdge) or the client left: nobody to tell
      LOG.debug("{} {} failed after its answer: {}", ctx.request().method(), ctx.request().path(), String.valueOf(t));
    } else if (t instanceof LeaderboardException e) {
      if (OverloadedException.CODE.equals(e.code())) {
        shed.overloaded(e instanceof OverloadedException o ? o.reason() : OverloadedException.REDIS_POOL);
      } else if (e.status() >= 500) {
        // the answer names no address and no driver message; the log keeps the cause
        LOG.warn("{} {}: {}{}", ctx.request().method(), ctx.request().path(), e.getMessage(),
            e.getCause() == null ? "" : " (" + e.getCause() + ")");
      } else if (e.status() == 401) {
        ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"leaderboard\"");
      }
      error(ctx, e.status(), e.code(), e.getMessage(), e.getDebugInfo());
    } else if (ctx.statusCode() == 413) {
      error(ctx, 413, "payload_too_large", "the request body is larger than " + HttpApiVerticle.BODY_LIMIT + " bytes");
    } else if (ctx.statusCode() >= 400 && ctx.statusCode() < 500) {
      error(ctx, ctx.statusCode(), "bad_request", "the request could not be read");
    } else {
      LOG.error("unhandled failure on {} {}", ctx.request().method(), ctx.request().path(), t);
      error(ctx, 500, "internal", "internal error");
    }
  }

  /**
   * A refusal with this field ({@code league_closing}) says when to retry in {@code Retry-After}
   * as well as in its body.
   */
  static final String RETRY_AFTER_FIELD = "retryAfterSeconds";

  /** The JSON error; an {@code overloaded} or {@code write_unconfirmed} one says when to retry ({@code Retry-After}). */
  static void error(RoutingContext ctx, int status, String code, String message) {
    error(ctx, status, code, message, null);
  }

  /** With the fields a refusal carries beside its code (such as {@code attemptsLeft}). */
  static void error(RoutingContext ctx, int status, String code, String message, JsonObject extra) {
    if (ctx.response().ended()) {
      return;
    }
    ctx.put(AuditTrail.ERROR_CODE, code);
    ctx.response().setStatusCode(status);
    if (OverloadedException.CODE.equals(code)) {
      ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Integer.toString(OverloadedException.RETRY_AFTER_SECONDS));
    } else if (StoreUnavailableException.UNCONFIRMED.equals(code)) {
      ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Integer.toString(StoreUnavailableException.RETRY_AFTER_SECONDS));
    } else if (extra != null && extra.getValue(RETRY_AFTER_FIELD) instanceof Number seconds) {
      ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds.longValue()));
    }
    JsonObject body = new JsonObject().put("error", code).put("message", message);
    if (extra != null) {
      extra.forEach(f -> body.getMap().putIfAbsent(f.getKey(), f.getValue()));
    }
    ctx.json(body);
  }
}
