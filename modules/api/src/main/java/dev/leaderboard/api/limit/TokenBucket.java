package dev.leaderboard.api.limit;

/**
 * One caller's tokens for one limit: full at first, refilled continuously at the rate, never above
 * the burst. Callers on several event loops may share it, hence the lock (held for a few
 * arithmetic operations).
 */
final class TokenBucket {
  private final Rate rate;
  private double tokens;
  private long updated;

  TokenBucket(Rate rate, long nowNanos) {
    this.rate = rate;
    this.tokens = rate.burst();
    this.updated = nowNanos;
  }

  /** Takes a token: 0 when there was one, else the nanoseconds until there is (nothing taken). */
  synchronized long take(long nowNanos) {
    if (nowNanos > updated) {
      tokens = Math.min(rate.burst(), tokens + (nowNanos - updated) / 1e9 * rate.perSecond());
      updated = nowNanos;
    }
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.max(1, (long) Math.ceil((1 - tokens) / rate.perSecond() * 1e9));
  }
}
