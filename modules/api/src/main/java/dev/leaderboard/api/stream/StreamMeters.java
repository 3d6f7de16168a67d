package dev.leaderboard.api.stream;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.micrometer.backends.BackendRegistries;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a node's live streams do: streams open ({@code leaderboard.streams.open}), streams dropped
 * because their client did not read ({@code leaderboard.streams.dropped}), streams refused at the
 * node's bound ({@code leaderboard.streams.refused}) and reads made for them
 * ({@code leaderboard.streams.reads}); in the node's Micrometer registry when it has one.
 */
public final class StreamMeters {
  final AtomicLong open = new AtomicLong();
  final AtomicLong dropped = new AtomicLong();
  final AtomicLong refused = new AtomicLong();
  final AtomicLong reads = new AtomicLong();

  StreamMeters() {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    if (registry != null) {
      Gauge.builder("leaderboard.streams.open", open, AtomicLong::get).description("Live streams open")
          .register(registry);
      counter(registry, "leaderboard.streams.dropped", dropped, "Streams closed because the client did not read");
      counter(registry, "leaderboard.streams.refused", refused, "Streams refused at the node's bound (503)");
      counter(registry, "leaderboard.streams.reads", reads, "Reads made to refresh live streams");
    }
  }

  private static void counter(MeterRegistry registry, String name, AtomicLong value, String description) {
    FunctionCounter.builder(name, value, AtomicLong::get).description(description).register(registry);
  }

  public long open() {
    return open.get();
  }

  public long dropped() {
    return dropped.get();
  }

  public long reads() {
    return reads.get();
  }
}
