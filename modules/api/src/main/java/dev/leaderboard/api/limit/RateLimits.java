package dev.leaderboard.api.limit;

import dev.leaderboard.api.auth.Scope;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The node's rate limits, each applied per caller: one per scope (per API key) and {@value #PUBLIC}
 * (reads without a credential, per client address).
 *
 * @param rates by limit; a limit missing here is off
 * @param maxBuckets the most buckets the node keeps (every limit together)
 */
public record RateLimits(Map<String, Rate> rates, int maxBuckets) {
  public static final String PUBLIC = "public";
  /** Every limit, in the order the settings list them. */
  public static final List<String> NAMES = Stream.concat(Arrays.stream(Scope.values()).map(Scope::wireName),
      Stream.of(PUBLIC)).toList();
  /** The rate of each limit when none is set. */
  public static final Map<String, String> DEFAULTS = Map.of("read", "1000/s,burst=2000", "submit", "1000/s,burst=2000",
      "friends", "200/s,burst=400", "admin", "10/s,burst=50", PUBLIC, "20/s,burst=40");
  public static final int MAX_BUCKETS = 100_000;
  public static final RateLimits OFF = new RateLimits(Map.of(), 1);

  public RateLimits {
    rates = Map.copyOf(rates);
    if (!NAMES.containsAll(rates.keySet())) {
      throw new IllegalArgumentException("unknown limits in " + rates.keySet() + "; known: " + NAMES);
    }
    if (maxBuckets < 1) {
      throw new IllegalArgumentException("maxBuckets must be at least 1 (got " + maxBuckets + ")");
    }
  }

  /** The rate of {@code limit}, or {@code null} when it is off. */
  public Rate rate(String limit) {
    return rates.get(limit);
  }

  public boolean off() {
    return rates.isEmpty();
  }

  /** How long a bucket may stay unused before it is full again, so that dropping it changes nothing. */
  long idleNanos() {
    return Math.max(1_000_000_000L, rates.values().stream().mapToLong(Rate::refillNanos).max().orElse(0));
  }
}
