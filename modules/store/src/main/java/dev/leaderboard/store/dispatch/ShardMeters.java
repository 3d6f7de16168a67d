package dev.leaderboard.store.dispatch;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import io.vertx.micrometer.backends.BackendRegistries;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Redis round-trip time per shard ({@code leaderboard.redis}, tags {@code shard} and {@code op}), when
 * the node runs with metrics. Metrics are public: a shard is named by its index, never its address.
 */
public final class ShardMeters {
  public static final String TIMER = "leaderboard.redis";

  private final List<Timer> send = new ArrayList<>();
  private final List<Timer> batch = new ArrayList<>();

  private ShardMeters(MeterRegistry registry, int shards) {
    for (int s = 0; s < shards; s++) {
      send.add(timer(registry, s, "send"));
      batch.add(timer(registry, s, "batch"));
    }
  }

  /** The timers of this many shards, or {@code null} when this node has no metrics registry. */
  static ShardMeters create(int shards) {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    return registry == null ? null : new ShardMeters(registry, shards);
  }

  private static Timer timer(MeterRegistry registry, int shard, String op) {
    return Timer.builder(TIMER)
        .description("Redis round trip of one command or one pipelined batch, per shard")
        .tag("shard", Integer.toString(shard))
        .tag("op", op)
        .register(registry);
  }

  /** Records the time from {@code startNanos} until {@code answer} completes, failed or not. */
  <T> Future<T> time(int shard, boolean pipelined, long startNanos, Future<T> answer) {
    Timer timer = (pipelined ? batch : send).get(shard);
    return answer.onComplete(ar -> timer.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS));
  }

  /** An endpoint as it may be logged: {@code redis://host:port}, never credentials. */
  public static String label(String endpoint) {
    try {
      URI uri = URI.create(endpoint);
      if (uri.getHost() == null) {
        return "redis://?";
      }
      return (uri.getScheme() == null ? "redis" : uri.getScheme()) + "://" + uri.getHost()
          + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    } catch (IllegalArgumentException e) {
      return "redis://?";
    }
  }
}
