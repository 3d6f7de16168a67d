package dev.leaderboard.bench;

import org.HdrHistogram.Histogram;

/** What a {@link RawIngest} run measured: the latency of every batch (µs), events applied and the run's wall time. */
final class LoadResult {
  private static final long MAX_MICROS = 120_000_000L;

  private final Histogram latency = new Histogram(MAX_MICROS, 3);
  private long events;
  private long nanos;

  /** One answer: its latency and, when it succeeded, the events it applied. */
  void record(boolean success, long applied, long micros) {
    latency.recordValue(Math.min(MAX_MICROS, Math.max(0, micros)));
    if (success) {
      events += applied;
    }
  }

  void addNanos(long n) {
    nanos += n;
  }

  /** Events applied per second of wall time. */
  double eventsPerSecond() {
    return nanos == 0 ? 0 : events / (nanos / 1e9);
  }

  /** Latency at {@code percentile} (0..100) in ms. */
  double ms(double percentile) {
    return latency.getValueAtPercentile(percentile) / 1000.0;
  }

  long events() {
    return events;
  }
}
