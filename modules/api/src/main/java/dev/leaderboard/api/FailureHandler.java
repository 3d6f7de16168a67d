package dev.leaderboard.api;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link LeaderboardException} or the router's own refusal becomes its JSON error; anything else is 500.
 * Every error answer is one of the catalogue's ({@link Refusal}): its code, status and {@code Retry-After}.
 */
final class FailureHandler implements Handler<RoutingContext> {
  private static final Logger LOG = LoggerFactory.getLogger(FailureHandler.class);
  private final ShedMeter shed;

  private FailureHandler(ShedMeter shed) {
    this.shed = shed;
  }

  static void mount(Router router, ShedMeter shed) {
    router.route().failureHandler(new FailureHandler(shed));
    router.errorHandler(404, ctx -> error(ctx, Refusal.NOT_FOUND.exception(ctx.request().method(), ctx.request().path())));
    router.errorHandler(405, ctx -> error(ctx,
        Refusal.METHOD_NOT_ALLOWED.exception(ctx.request().method(), ctx.request().path())));
    // The router answers 400 itself, before any route's failure handler, when the URI cannot be
    // decoded while matching (malformed percent-encoding in the path or query string).
    router.errorHandler(400, ctx -> error(ctx, Refusal.BAD_REQUEST.exception("the request URI " + ctx.request().uri()
        + " could not be decoded (a malformed %-escape?); percent-encode reserved characters, e.g. '%' as %25")));
  }

  @Override
  public void handle(RoutingContext ctx) {
    Throwable t = ctx.failure();
    if (ctx.response().ended() || ctx.response().closed()) {
      // answered already (a refused body, see HttpEdge) or the client left: nobody to tell
      LOG.debug("{} {} failed after its answer: {}", ctx.request().method(), ctx.request().path(), String.valueOf(t));
    } else if (t instanceof LeaderboardException e) {
      if (e.refusal() == Refusal.OVERLOADED) {
        shed.overloaded(e instanceof OverloadedException o ? o.reason() : OverloadedException.REDIS_POOL);
      } else if (e.status() >= 500) {
        // the answer names no address and no driver message; the log keeps the cause
        LOG.warn("{} {}: {}{}", ctx.request().method(), ctx.request().path(), e.getMessage(),
            e.getCause() == null ? "" : " (" + e.getCause() + ")");
      } else if (e.status() == 401) {
        ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"leaderboard\"");
      }
      error(ctx, e);
    } else if (ctx.statusCode() == 413) {
      error(ctx, Refusal.PAYLOAD_TOO_LARGE.exception(HttpApiVerticle.BODY_LIMIT));
    } else if (ctx.statusCode() >= 400 && ctx.statusCode() < 500) {
      error(ctx, Refusal.BAD_REQUEST.exception("the request could not be read"));
    } else {
      LOG.error("unhandled failure on {} {}", ctx.request().method(), ctx.request().path(), t);
      error(ctx, Refusal.INTERNAL.exception());
    }
  }

  /**
   * The JSON error of the refusal, with the fields it carries beside its code (such as
   * {@code attemptsLeft}); one whose {@link Refusal#retryAfter()} is given says when to retry in
   * {@code Retry-After}: the catalogue's seconds (a {@code rate_limited} one is given its header by
   * {@link RateGate}).
   */
  static void error(RoutingContext ctx, LeaderboardException e) {
    if (ctx.response().ended()) {
      return;
    }
    Refusal refusal = e.refusal();
    JsonObject extra = e.getDebugInfo();
    ctx.put(AuditTrail.ERROR_CODE, refusal.code());
    ctx.response().setStatusCode(refusal.status());
    if (refusal.retryAfterSeconds().isPresent()) {
      ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Integer.toString(refusal.retryAfterSeconds().getAsInt()));
    }
    JsonObject body = new JsonObject().put("error", refusal.code()).put("message", e.getMessage());
    if (extra != null) {
      extra.forEach(f -> body.getMap().putIfAbsent(f.getKey(), f.getValue()));
    }
    ctx.json(body);
  }
}
