package dev.leaderboard.service.webhooks;

import java.util.function.LongUnaryOperator;

/**
 * The wait before the next attempt: doubling from the first retry up to the cap, with jitter (a
 * uniform draw in the upper half of the step), so a receiver that failed for many boards at once is
 * not hit again by all of them at the same instant.
 */
final class Backoff {
  private final long first;
  private final long max;
  private final LongUnaryOperator random;

  /** @param random a uniform draw in {@code [0, n)} for a given {@code n > 0} */
  Backoff(WebhookSettings settings, LongUnaryOperator random) {
    this.first = settings.firstRetryMillis();
    this.max = settings.maxRetryMillis();
    this.random = random;
  }

  /** The wait after {@code failures} failed attempts (1 or more), in ms. */
  long delay(int failures) {
    int doublings = Math.min(Math.max(failures - 1, 0), 40);
    long step = first >= (max >> doublings) ? max : Math.min(max, first << doublings);
    long half = step / 2;
    return half + random.applyAsLong(step - half + 1);
  }
}
