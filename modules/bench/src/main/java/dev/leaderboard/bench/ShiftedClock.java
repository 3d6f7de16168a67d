package dev.leaderboard.bench;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The system clock moved by an offset a benchmark sets, to cross a period's end without waiting for it. */
final class ShiftedClock extends Clock {
  private volatile long offsetMillis;

  /** From now on the clock reads {@code at} plus the time that passes. */
  void jumpTo(Instant at) {
    offsetMillis = at.toEpochMilli() - System.currentTimeMillis();
  }

  @Override
  public long millis() {
    return System.currentTimeMillis() + offsetMillis;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
