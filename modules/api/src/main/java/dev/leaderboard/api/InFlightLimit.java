package dev.leaderboard.api;

import dev.leaderboard.core.Refusal;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * Load shedding: beyond {@code limit} API requests ({@code /v1/...}) in flight on one verticle
 * instance, or beyond the lower limit {@link WaitBound} sets while requests wait longer than the
 * target, 503 {@code overloaded} before the body is read, so the request was not applied and costs
 * no Redis command. Operations routes are never shed. The count is a plain field: every connection
 * of an instance is served on its event loop.
 */
final class InFlightLimit implements Handler<RoutingContext> {
  private static final String API_PREFIX = "/v1/";
  private static final String RELEASE = "leaderboard.inFlight.release";

  private final int limit;
  private final ShedMeter meter;
  private final WaitBound bound;
  private int inFlight;

  InFlightLimit(int limit, long targetWaitMillis, ShedMeter meter) {
    this.limit = limit;
    this.meter = meter;
    this.bound = new WaitBound(limit, targetWaitMillis * 1_000_000L);
  }

  /** One instance's part of the node's limit: an even share, rounded up, at least 1. */
  static int share(int nodeLimit, int instances) {
    int n = Math.max(1, instances);
    return Math.max(1, (nodeLimit + n - 1) / n);
  }

  @Override
  public void handle(RoutingContext ctx) {
    if (!ctx.request().path().startsWith(API_PREFIX)) {
      ctx.next();
      return;
    }
    if (!bound.admits(inFlight)) {
      meter.inFlight();
      FailureHandler.error(ctx, Refusal.OVERLOADED.exception(inFlight + " requests are in flight on its event loop, the"
          + " most it takes on now, so this request was not started (nothing of it was applied)"));
      return;
    }
    inFlight++;
    long start = System.nanoTime();
    boolean[] counted = {true};
    Runnable release = () -> {
      if (counted[0]) {
        counted[0] = false;
        long now = System.nanoTime();
        bound.answered(now - start, now, inFlight);
        inFlight--;
      }
    };
    ctx.put(RELEASE, release);
    // called once, when the answer is written or the connection closed before it
    ctx.addEndHandler(done -> release.run());
    ctx.next();
  }

  /** For a live stream, which holds its connection indefinitely and is bounded by the stream limit instead. */
  static void release(RoutingContext ctx) {
    Runnable release = ctx.get(RELEASE);
    if (release != null) {
      release.run();
    }
  }
}
