package dev.leaderboard.client;

import java.time.Duration;

/**
 * How a live stream reconnects after its connection ends: at once after an answer that ended
 * normally (the node stopped or a board definition changed), then after {@code firstDelay}, doubling
 * with each failed attempt up to {@code maxDelay}; a 429 or 503 after its {@code Retry-After}.
 *
 * @param firstDelay the wait after a failed attempt to reconnect
 * @param maxDelay the longest wait between attempts
 */
public record ReconnectPolicy(Duration firstDelay, Duration maxDelay) {
  /** 100 ms, doubling up to 5 s. */
  public static final ReconnectPolicy DEFAULT = new ReconnectPolicy(Duration.ofMillis(100), Duration.ofSeconds(5));

  /** Checks the bounds: refuses negative waits and a maximum below the first. */
  public ReconnectPolicy {
    if (firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
      throw new IllegalArgumentException("need 0 <= firstDelay <= maxDelay");
    }
  }

  /** The wait after {@code failures} failed attempts in a row (1 for the first). */
  Duration delay(int failures) {
    Duration d = firstDelay;
    for (int i = 1; i < failures && d.compareTo(maxDelay) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(maxDelay) > 0 ? maxDelay : d;
  }
}
