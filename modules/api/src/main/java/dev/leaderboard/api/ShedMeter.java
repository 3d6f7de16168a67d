package dev.leaderboard.api;

import dev.leaderboard.core.OverloadedException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.micrometer.backends.BackendRegistries;

/**
 * Counts requests answered 503 {@code overloaded} ({@value #NAME} counter, tag {@code reason}:
 * {@value #IN_FLIGHT} when the HTTP in-flight limit refused the request, {@value #REDIS_POOL} when a
 * Redis command it needed found its pool's queue full, {@value #TOKEN_CHECKS} when too many player
 * tokens were being verified), in the node's Micrometer registry; counts
 * nothing when the node runs without metrics.
 */
final class ShedMeter {
  static final String NAME = "leaderboard.http.shed";
  static final String IN_FLIGHT = "in_flight";
  static final String REDIS_POOL = OverloadedException.REDIS_POOL;
  static final String TOKEN_CHECKS = OverloadedException.TOKEN_CHECKS;

  private final Counter inFlight;
  private final Counter redisPool;
  private final Counter tokenChecks;

  private ShedMeter(MeterRegistry registry) {
    this.inFlight = registry == null ? null : counter(registry, IN_FLIGHT);
    this.redisPool = registry == null ? null : counter(registry, REDIS_POOL);
    this.tokenChecks = registry == null ? null : counter(registry, TOKEN_CHECKS);
  }

  static ShedMeter create() {
    return new ShedMeter(BackendRegistries.getDefaultNow());
  }

  private static Counter counter(MeterRegistry registry, String reason) {
    return Counter.builder(NAME)
        .description("Requests answered 503 overloaded with Retry-After, by reason")
        .tag("reason", reason)
        .register(registry);
  }

  void inFlight() {
    if (inFlight != null) {
      inFlight.increment();
    }
  }

  /** A request refused by {@code reason} ({@link OverloadedException#reason()}; a Redis pool when unknown). */
  void overloaded(String reason) {
    Counter c = TOKEN_CHECKS.equals(reason) ? tokenChecks : redisPool;
    if (c != null) {
      c.increment();
    }
  }
}
