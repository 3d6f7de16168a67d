package dev.leaderboard.api;

import io.vertx.core.http.HttpServerOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How long the HTTP server waits for slow clients, and how many connections it keeps open.
 *
 * @param idleTimeout a connection on which nothing was read or written for this long is closed (a
 *     kept-alive connection waiting for its next request, a client that stopped reading its answer)
 * @param headerTimeout a request line and headers must arrive within this long of their first byte
 *     (of the connection's opening, for its first request); otherwise the connection is closed
 * @param bodyTimeout a request body must arrive within this long of the end of the headers;
 *     otherwise the request is answered 408 {@code request_timeout} and the connection closed
 * @param maxConnections the most connections the node keeps open at once; one more is closed at once
 */
public record EdgeLimits(Duration idleTimeout, Duration headerTimeout, Duration bodyTimeout, int maxConnections) {
  public static final EdgeLimits DEFAULTS = new EdgeLimits(Duration.ofSeconds(60), Duration.ofSeconds(10),
      Duration.ofSeconds(30), 10_000);

  public EdgeLimits {
    positive("idleTimeout", idleTimeout);
    positive("headerTimeout", headerTimeout);
    positive("bodyTimeout", bodyTimeout);
    if (maxConnections < 1) {
      throw new IllegalArgumentException("maxConnections must be at least 1 (got " + maxConnections + ")");
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
