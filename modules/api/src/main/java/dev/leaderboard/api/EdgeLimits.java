package dev.leaderboard.api;

import io.vertx.core.http.HttpServerOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How long the HTTP server waits for slow clients, how many connections it keeps open, and how many
 * requests it serves at once.
 *
 * @param idleTimeout a connection on which nothing was read or written for this long is closed (a
 *     kept-alive connection waiting for its next request, a client that stopped reading its answer)
 * @param headerTimeout a request line and headers must arrive within this long of their first byte
 *     (of the connection's opening, for its first request); otherwise the connection is closed
 * @param bodyTimeout a request body must arrive within this long of the end of the headers;
 *     otherwise the request is answered 408 {@code request_timeout} and the connection closed
 * @param maxConnections the most connections the node keeps open at once; one more is closed at once
 * @param maxInFlight the most API requests the node serves at once, shared out among its HTTP verticle
 *     instances ({@link InFlightLimit}); one more is answered 503 {@code overloaded} at once
 */
public record EdgeLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections,
    int maxInFlight) {
  /** The in-flight limit when none is given (see docs/benchmarks.md, "Bursts"). */
  public static final int MAX_IN_FLIGHT = 64;
  public static final EdgeLimits DEFAULTS = new EdgeLimits(Duration.ofSeconds(60), Duration.ofSeconds(10),
      Duration.ofSeconds(30), 10_000, MAX_IN_FLIGHT);

  /** These limits with the default in-flight limit. */
  public EdgeLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections) {
    this(idleTimeout, headerTimeout, bodyTimeout, maxConnections, MAX_IN_FLIGHT);
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
  }

  /**
   * The server options these limits need: the idle timeout, and HTTP/1.1 only (no cleartext HTTP/2
   * upgrade, whose framing the checks of {@link StrictRequestDecoder} do not see).
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
