package dev.leaderboard.embedded;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for an observable condition, looking every 50 ms, for a bounded time. */
public final class Await {

  private static final long POLL_MILLIS = 50;

  private Await() {}

  /** Returns once {@code condition} holds; fails naming {@code what} if it does not within {@code timeout}. */
  public static void until(String what, Duration timeout, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("not within " + timeout.toMillis() + " ms: " + what);
      }
      pause(what);
    }
  }

  /**
   * Returns after {@code period} if {@code condition} held at every look; fails naming {@code what} at
   * the first look where it does not. For what must not happen within a time, such as a restart.
   */
  public static void throughout(String what, Duration period, BooleanSupplier condition) {
    long end = System.nanoTime() + period.toNanos();
    while (condition.getAsBoolean()) {
      if (System.nanoTime() - end >= 0) {
        return;
      }
      pause(what);
    }
    throw new AssertionError("not throughout " + period.toMillis() + " ms: " + what);
  }

  private static void pause(String what) {
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for: " + what, e);
    }
  }
}
