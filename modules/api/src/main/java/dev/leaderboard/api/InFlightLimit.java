package dev.leaderboard.api;

import dev.leaderboard.core.OverloadedException;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * Load shedding: at most {@code limit} API requests ({@code /v1/...}) in flight on one HTTP
 * verticle instance; one more is answered 503 {@code overloaded} with {@code Retry-After} at once,
 * before its body is read or any handler runs, so it was not applied and costs no Redis command.
 * Operations routes ({@code /health/*}, {@code /metrics}, {@code /openapi.yaml}) are never shed and
 * not counted. A request is in flight from its routing until its answer is written or its
 * connection closes.
 *
 * <p>The first handler of the router (see {@link HttpApiVerticle}). Every connection of a verticle
 * instance is served on that instance's event loop, so the count is a plain field: no lock, no
 * atomic, no hop to another thread. The node's limit is shared out among its instances
 * ({@link #share}); Vert.x hands new connections to the instances in turn.
 */
final class InFlightLimit implements Handler<RoutingContext> {
  private static final String API_PREFIX = "/v1/";
  private static final String RELEASE = "leaderboard.inFlight.release";

  private final int limit;
  private final ShedMeter meter;
  private int inFlight;

  InFlightLimit(int limit, ShedMeter meter) {
    this.limit = limit;
    this.meter = meter;
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
    if (inFlight >= limit) {
      meter.inFlight();
      FailureHandler.error(ctx, 503, OverloadedException.CODE, "the node is overloaded (" + limit
          + " requests in flight on its event loop, the most it takes on); this request was not started, so nothing "
          + "of it was applied; retry after " + OverloadedException.RETRY_AFTER_SECONDS + " s");
      return;
    }
    inFlight++;
    boolean[] counted = {true};
    Runnable release = () -> {
      if (counted[0]) {
        counted[0] = false;
        inFlight--;
      }
    };
    ctx.put(RELEASE, release);
    // called once, when the answer is written or the connection closed before it
    ctx.addEndHandler(done -> release.run());
    ctx.next();
  }

  /**
   * Stops counting the request as in flight (on its event loop): a live stream, once open, holds its
   * connection for as long as the client reads, and is bounded by the node's stream limit instead.
   */
  static void release(RoutingContext ctx) {
    Runnable release = ctx.get(RELEASE);
    if (release != null) {
      release.run();
    }
  }
}
