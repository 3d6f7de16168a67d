package dev.leaderboard.app;

import static dev.leaderboard.app.EnvVars.blankToNull;
import static dev.leaderboard.app.EnvVars.intVar;
import static dev.leaderboard.app.EnvVars.listVar;
import static dev.leaderboard.app.EnvVars.onOff;
import static dev.leaderboard.app.EnvVars.pathVar;
import static dev.leaderboard.app.EnvVars.trimmed;

import dev.leaderboard.api.EdgeLimits;
import dev.leaderboard.api.HttpExposure;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.limit.Rate;
import dev.leaderboard.api.limit.RateLimits;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The HTTP edge's settings among the {@code LB_*} variables: its limits and timeouts, where it listens
 * and for which origins, the rate limits, and how player tokens are verified.
 */
final class HttpSettings {
  private HttpSettings() {
  }

  static RateLimits rateLimits(Map<String, String> env) {
    int maxBuckets = intVar(env, "LB_RATE_MAX_BUCKETS", RateLimits.MAX_BUCKETS, 1, 100_000_000);
    if (!onOff(env, "LB_RATE_LIMITS", true)) {
      return RateLimits.OFF;
    }
    Map<String, Rate> rates = new LinkedHashMap<>();
    for (String limit : RateLimits.NAMES) {
      String name = "LB_RATE_" + limit.toUpperCase(Locale.ROOT);
      String text = blankToNull(env.get(name));
      try {
        Rate rate = Rate.parse(text == null ? RateLimits.DEFAULTS.get(limit) : text);
        if (rate != null) {
          rates.put(limit, rate);
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(name + " " + e.getMessage(), e);
      }
    }
    return new RateLimits(rates, maxBuckets);
  }

  /**
   * {@code LB_HTTP_HOST}, else loopback for a node on embedded stores (a laptop: nothing but its own
   * user should reach it) and every interface for one on external stores (a server deployment,
   * where a proxy, the Service or the probes reach it on its own address).
   */
  static HttpExposure exposure(Map<String, String> env) {
    String host = blankToNull(env.get("LB_HTTP_HOST"));
    boolean dashboard = onOff(env, "LB_HTTP_DASHBOARD", true);
    String byDefault = listVar(env, "LB_REDIS_ENDPOINTS").isEmpty() ? HttpExposure.LOOPBACK : HttpExposure.EVERY_INTERFACE;
    try {
      return new HttpExposure(host == null ? byDefault : host.trim(),
          listVar(env, "LB_HTTP_CORS_ORIGINS"), dashboard);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("LB_HTTP_CORS_ORIGINS: " + e.getMessage(), e);
    }
  }

  static PlayerTokenSettings playerTokens(Map<String, String> env) {
    PlayerTokenSettings s = new PlayerTokenSettings(pathVar(env, "LB_JWT_HS256_SECRET_FILE"),
        pathVar(env, "LB_JWT_JWKS_FILE"), trimmed(env, "LB_JWT_ISSUER"), trimmed(env, "LB_JWT_AUDIENCE"));
    if (!s.enabled() && (s.issuer() != null || s.audience() != null)) {
      throw new IllegalArgumentException("LB_JWT_ISSUER and LB_JWT_AUDIENCE need LB_JWT_HS256_SECRET_FILE or "
          + "LB_JWT_JWKS_FILE (the keys that verify player tokens)");
    }
    return s;
  }

  static EdgeLimits limits(Map<String, String> env) {
    EdgeLimits d = EdgeLimits.DEFAULTS;
    return new EdgeLimits(
        Duration.ofSeconds(intVar(env, "LB_HTTP_IDLE_TIMEOUT_SECONDS", (int) d.idleTimeout().toSeconds(), 1, 3600)),
        Duration.ofSeconds(intVar(env, "LB_HTTP_HEADER_TIMEOUT_SECONDS", (int) d.headerTimeout().toSeconds(), 1, 600)),
        Duration.ofSeconds(intVar(env, "LB_HTTP_BODY_TIMEOUT_SECONDS", (int) d.bodyTimeout().toSeconds(), 1, 3600)),
        intVar(env, "LB_HTTP_MAX_CONNECTIONS", d.maxConnections(), 1, 1_000_000),
        intVar(env, "LB_HTTP_MAX_IN_FLIGHT", d.maxInFlight(), 1, 1_000_000),
        Duration.ofMillis(intVar(env, "LB_HTTP_TARGET_WAIT_MS", (int) d.targetWait().toMillis(), 1, 600_000)));
  }
}
