package dev.leaderboard.api;

import io.vertx.core.http.HttpServerOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How long the HTTP server waits for slow clients, and how much it serves at once.
 *
 * @param headerTimeout from the first byte of the request (or the connection's opening); then closed
 * @param bodyTimeout from the end of the headers; then 408 {@code request_timeout} and closed
 * @param maxInFlight API requests served at once by the node, shared among its instances
 *     ({@link InFlightLimit}); one more is 503 {@code overloaded}
 */
public record EdgeLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections,
    int maxInFlight, Duration targetWait) {
  /**
   * The in-flight cap when none is given: above any concurrency a node's rounds gain from, so that the
   * waiting-time bound ({@link #TARGET_WAIT}) decides (see docs/design.md, "Backpressure").
   */
  public static final int MAX_IN_FLIGHT = 1024;
  /** How long requests may wait before the node lowers its in-flight limit ({@link WaitBound}). */
  public static final Duration TARGET_WAIT = Duration.ofMillis(250);
  public static final EdgeLimits DEFAULTS = new EdgeLimits(Duration.ofSeconds(60), Duration.ofSeconds(10),
      Duration.ofSeconds(30), 10_000, MAX_IN_FLIGHT, TARGET_WAIT);

  public EdgeLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections) {
    this(idleTimeout, headerTimeout, bodyTimeout, maxConnections, MAX_IN_FLIGHT, TARGET_WAIT);
  }

  public EdgeLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections,
      int maxInFlight) {
    this(idleTimeout, headerTimeout, bodyTimeout, maxConnections, maxInFlight, TARGET_WAIT);
  }

  public EdgeLimits {
    positive("idleTimeout", idleTimeout);
    positive("headerTimeout", headerTimeout);
    positive("bodyTimeout", bodyTimeout);
    if (maxConnections < 1) {
      throw new IllegalArgumentException("maxConnections must be at least 1 (got " + maxConnections + ")");
    }
    if (maxInFlight < 1) {
      throw new IllegalArgumentException("maxInFlight must be at least 1 (got " + maxInFlight + ")");
    }
    positive("targetWait", targetWait);
  }

  /**
   * HTTP/1.1 only. With cleartext HTTP/2 on, Vert.x hands a connection to {@link HttpEdge} only after
   * its first request was read by its own decoder, so that request would escape
   * {@link StrictRequestDecoder}, the header deadline and the connection limit; HTTP/2 clients are
   * told to use HTTP/1.1 ({@link Http2Refusal}) and an {@code Upgrade: h2c} is answered over HTTP/1.1.
   */
  HttpServerOptions serverOptions() {
    return new HttpServerOptions()
        .setIdleTimeout((int) Math.min(Integer.MAX_VALUE, idleTimeout.toMillis()))
        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
        .setHttp2ClearTextEnabled(false);
  }

  private static void positive(String name, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be positive (got " + d + ")");
    }
  }
}
