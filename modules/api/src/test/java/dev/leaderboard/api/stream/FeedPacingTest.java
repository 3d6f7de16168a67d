package dev.leaderboard.api.stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A feed reads at most once per interval, and waits twice as long as its last read and writes took. */
class FeedPacingTest {
  private static final long MS = 1_000_000;
  private static final long INTERVAL = 100 * MS;

  @Test
  void aQuickFeedReadsEveryInterval() {
    Feed f = new TopFeed(10);
    long t0 = 1_000 * MS;
    f.lastRead = t0;
    f.reading = true;
    f.sent(t0 + 5 * MS);
    f.dirty = true;
    assertFalse(f.due(t0 + 99 * MS, INTERVAL), "within the interval");
    assertTrue(f.due(t0 + 100 * MS, INTERVAL), "an interval after the last read began");
  }

  @Test
  void aFeedWhoseWritesTakeLongWaitsTwiceAsLong() {
    Feed f = new TopFeed(10);
    long t0 = 1_000 * MS;
    f.lastRead = t0;
    f.reading = true;
    f.dirty = true;
    assertFalse(f.due(t0 + 200 * MS, INTERVAL), "a read or its writes under way");
    f.sent(t0 + 300 * MS);
    assertFalse(f.due(t0 + 400 * MS, INTERVAL), "the read and its writes took 300 ms: no read for 600 ms more");
    assertFalse(f.due(t0 + 899 * MS, INTERVAL));
    assertTrue(f.due(t0 + 900 * MS, INTERVAL));
  }

  @Test
  void aFeedResetByARolloverWhileItsEventIsWrittenReadsTheNewPeriodAtOnce() {
    Feed f = new TopFeed(10);
    long t0 = System.nanoTime();
    f.lastRead = t0;
    f.reading = true;
    f.dirty = false;
    f.reset();
    f.sent(t0 + 300 * MS);
    assertTrue(f.due(t0 + 300 * MS, INTERVAL), "the new period's first read waits for nothing");
  }

  @Test
  void nothingMarkedNothingDue() {
    Feed f = new TopFeed(10);
    f.dirty = false;
    assertFalse(f.due(System.nanoTime(), INTERVAL));
  }

  @Test
  void aResetFeedIsDueAtOnce() {
    Feed f = new TopFeed(10);
    long t0 = System.nanoTime();
    f.lastRead = t0;
    f.reading = true;
    f.sent(t0 + 300 * MS);
    f.reset();
    assertTrue(f.due(t0 + 301 * MS, INTERVAL), "a rollover reads the new period at once");
  }
}
