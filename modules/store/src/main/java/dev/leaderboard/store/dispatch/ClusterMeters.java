package dev.leaderboard.store.dispatch;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.micrometer.backends.BackendRegistries;

/**
 * What a Redis Cluster's changes cost, per master (tag {@code node}: a prefix of its node ID, never an
 * address): redirects, retries and rounds sent again whole. Counts nothing without metrics.
 */
final class ClusterMeters {
  static final String REDIRECTS = "leaderboard.redis.cluster.redirects";
  static final String RETRIES = "leaderboard.redis.cluster.retries";
  static final String REPEATED = "leaderboard.redis.cluster.rounds.repeated";

  private final MeterRegistry registry;

  ClusterMeters() {
    this.registry = BackendRegistries.getDefaultNow();
  }

  void redirect(SlotMap.Node node, String kind) {
    count(REDIRECTS, "Requests a master redirected to another (MOVED, ASK)", node, "kind", kind);
  }

  void retry(SlotMap.Node node, String reason) {
    count(RETRIES, "Requests or batches sent again after a retryable failure", node, "reason", reason);
  }

  void repeated(SlotMap.Node node) {
    count(REPEATED, "Pipelined batches to one master sent again whole", node, null, null);
  }

  private void count(String name, String description, SlotMap.Node node, String tag, String value) {
    if (registry == null) {
      return;
    }
    Counter.Builder counter = Counter.builder(name).description(description)
        .tag("node", node == null ? "unknown" : node.shortId());
    if (tag != null) {
      counter.tag(tag, value);
    }
    counter.register(registry).increment();
  }
}
