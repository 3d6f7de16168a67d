package dev.leaderboard.api;

/**
 * Admission by waiting time (after CoDel and the gradient limits of Netflix's concurrency-limits): the
 * node takes on requests up to a hard cap, and lowers its limit only when requests wait. Each window
 * of {@link #WINDOW_NANOS}, the shortest answer time seen is the node's standing queue (the time
 * even the luckiest request spent waiting plus its own work). While it stays under the target the
 * limit doubles back toward the cap; once it passes the target, the limit becomes the in-flight
 * count scaled by target / shortest time (Little's law: the concurrency at which requests would
 * answer within the target at the rate just served). So under a burst the node keeps serving as
 * many requests at once as its rounds take in without missing the target, and sheds only beyond.
 * Not thread-safe: one per event loop.
 */
final class WaitBound {
  static final long WINDOW_NANOS = 100_000_000L;
  /** The limit never drops below this: a node always serves some requests at once. */
  static final int FLOOR = 16;

  private final int cap;
  private final long targetNanos;
  private int limit;
  private long windowStart = Long.MIN_VALUE;
  private long shortest = Long.MAX_VALUE;
  private int busiest;

  WaitBound(int cap, long targetNanos) {
    this.cap = cap;
    this.targetNanos = targetNanos;
    this.limit = cap;
  }

  /** Whether one more request may start while {@code inFlight} are being served. */
  boolean admits(int inFlight) {
    return inFlight < limit;
  }

  /** A request answered after {@code nanos}, at {@code now}, with {@code inFlight} (itself included) being served. */
  void answered(long nanos, long now, int inFlight) {
    if (windowStart == Long.MIN_VALUE) {
      windowStart = now;
    }
    shortest = Math.min(shortest, nanos);
    busiest = Math.max(busiest, inFlight);
    if (now - windowStart < WINDOW_NANOS) {
      return;
    }
    if (shortest > targetNanos) {
      limit = (int) Math.max(Math.min(FLOOR, cap), Math.min(cap, (long) ((double) busiest * targetNanos / shortest)));
    } else {
      limit = (int) Math.min(cap, Math.max(FLOOR, 2L * limit));
    }
    windowStart = now;
    shortest = Long.MAX_VALUE;
    busiest = 0;
  }

  int limit() {
    return limit;
  }
}
