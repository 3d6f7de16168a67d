package dev.leaderboard.client;

import java.time.Duration;
import java.util.Optional;

/**
 * When a refused call is sent again: only after 429 ({@code rate_limited}) and 503 (the node sheds
 * load or a store is unavailable), after the node's {@code Retry-After} (or {@code defaultWait}
 * without one), at most {@code maxAttempts} sends in all and never waiting more than
 * {@code maxTotalWait} in all. Every other answer is final.
 *
 * @param maxAttempts sends of one call in all, the first included (1: never retry)
 * @param maxTotalWait the most one call waits between its sends, summed
 * @param defaultWait the wait after a 429 or 503 without {@code Retry-After}
 */
public record RetryPolicy(int maxAttempts, Duration maxTotalWait, Duration defaultWait) {
  /** Up to 4 sends, waiting at most 10 s in all, 1 s when the node names no wait. */
  public static final RetryPolicy DEFAULT = new RetryPolicy(4, Duration.ofSeconds(10), Duration.ofSeconds(1));
  /** Every answer is final. */
  public static final RetryPolicy NEVER = new RetryPolicy(1, Duration.ZERO, Duration.ZERO);

  /** Checks the bounds: refuses negative waits and fewer than one send. */
  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1");
    }
    if (maxTotalWait.isNegative() || defaultWait.isNegative()) {
      throw new IllegalArgumentException("waits must not be negative");
    }
  }

  /**
   * The wait before the next send of a call refused with {@code refusal} after {@code attempts}
   * sends and {@code waited} spent waiting; empty when the refusal is final.
   */
  Optional<Duration> nextWait(ApiException refusal, int attempts, Duration waited) {
    if (!refusal.retryable() || attempts >= maxAttempts) {
      return Optional.empty();
    }
    Duration wait = refusal.retryAfter().orElse(defaultWait);
    return waited.plus(wait).compareTo(maxTotalWait) > 0 ? Optional.empty() : Optional.of(wait);
  }
}
