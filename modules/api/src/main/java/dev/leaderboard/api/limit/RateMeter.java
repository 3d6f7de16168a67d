package dev.leaderboard.api.limit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Counts requests answered 429 {@code rate_limited} ({@value #REFUSED}, tag {@code limit}: one of
 * {@link RateLimits#NAMES}, never a caller) and shows how many buckets the node holds
 * ({@value #BUCKETS}), in the node's Micrometer registry; nothing when the node runs without metrics.
 */
final class RateMeter {
  static final String REFUSED = "leaderboard.http.rate_limited";
  static final String BUCKETS = "leaderboard.http.rate_buckets";

  private final Map<String, Counter> refused = new LinkedHashMap<>();

  RateMeter(MeterRegistry registry, Supplier<Number> buckets) {
    if (registry == null) {
      return;
    }
    for (String limit : RateLimits.NAMES) {
      refused.put(limit, Counter.builder(REFUSED)
          .description("Requests answered 429 rate_limited, by limit")
          .tag("limit", limit)
          .register(registry));
    }
    Gauge.builder(BUCKETS, buckets).description("Rate-limit token buckets the node holds").register(registry);
  }

  void refused(String limit) {
    Counter c = refused.get(limit);
    if (c != null) {
      c.increment();
    }
  }
}
