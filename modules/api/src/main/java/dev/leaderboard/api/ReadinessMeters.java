package dev.leaderboard.api;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.micrometer.backends.BackendRegistries;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's last readiness answer as gauges, for alerts: {@value #READY} (1 ready, 0 not),
 * {@value #SHARD_UP} per {@code shard} (its index; 1 when it answered PING, 0 when not) and
 * {@value #ARCHIVE_UP} (1 when PostgreSQL answered). They change only when readiness is asked (the
 * kubelet's probe asks every few seconds); a shard's gauge appears with the first answer that names
 * it. The node's HTTP verticles share one set per registry (each answers readiness in turn). Nothing
 * is recorded when the node runs without metrics.
 */
final class ReadinessMeters {
  static final String READY = "leaderboard.ready";
  static final String SHARD_UP = "leaderboard.redis.shard.up";
  static final String ARCHIVE_UP = "leaderboard.archive.up";
  private static final Map<MeterRegistry, ReadinessMeters> SHARED = Collections.synchronizedMap(new WeakHashMap<>());
  private static final ReadinessMeters NONE = new ReadinessMeters(null);

  private final MeterRegistry registry;
  private final AtomicInteger ready = new AtomicInteger();
  private final AtomicInteger archive = new AtomicInteger();
  private final Map<Integer, AtomicInteger> shards = new ConcurrentHashMap<>();

  private ReadinessMeters(MeterRegistry registry) {
    this.registry = registry;
    if (registry != null) {
      Gauge.builder(READY, ready, AtomicInteger::get)
          .description("1 when the node's last readiness check answered ready (UP or DEGRADED), 0 when DOWN")
          .register(registry);
      Gauge.builder(ARCHIVE_UP, archive, AtomicInteger::get)
          .description("1 when PostgreSQL answered the node's last readiness check, else 0")
          .register(registry);
    }
  }

  static ReadinessMeters create() {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    return registry == null ? NONE : SHARED.computeIfAbsent(registry, ReadinessMeters::new);
  }

  /** Records a readiness answer: whether it was ready, and its {@code redis} and {@code archive} checks. */
  void record(boolean isReady, JsonObject redis, JsonObject archiveCheck) {
    if (registry == null) {
      return;
    }
    ready.set(isReady ? 1 : 0);
    if (archiveCheck != null && archiveCheck.getValue("up") instanceof Boolean up) {
      archive.set(up ? 1 : 0);
    }
    JsonArray checked = redis == null ? null : redis.getJsonArray("shards");
    if (checked == null) {
      return;
    }
    for (int i = 0; i < checked.size(); i++) {
      JsonObject shard = checked.getJsonObject(i);
      shards.computeIfAbsent(shard.getInteger("shard"), this::shardGauge).set(shard.getBoolean("up", false) ? 1 : 0);
    }
  }

  private AtomicInteger shardGauge(int shard) {
    AtomicInteger up = new AtomicInteger();
    Gauge.builder(SHARD_UP, up, AtomicInteger::get)
        .description("1 when the Redis shard answered PING in the node's last readiness check, else 0")
        .tag("shard", Integer.toString(shard))
        .register(registry);
    return up;
  }
}
