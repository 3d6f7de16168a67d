package dev.leaderboard.store.dispatch;

import java.util.List;

/**
 * How a node reaches Redis ({@code LB_REDIS_MODE}): standalone endpoints ({@link StandaloneShards}),
 * or a Redis Cluster from seed endpoints ({@link ClusterShards}) that waits up to {@code settleMillis}
 * for moving slots or failovers, and acknowledges a write once {@code replicaWait} says its replicas have it.
 *
 * @param endpoints {@code redis://[[user]:password@]host:port}; hold passwords, never log them
 */
public record RedisTopology(boolean cluster, List<String> endpoints, long settleMillis, ReplicaWait replicaWait) {
  /** How long a cluster dispatch waits for the cluster to settle, by default ({@code LB_REDIS_CLUSTER_SETTLE_MS}). */
  public static final long DEFAULT_SETTLE_MILLIS = 5_000;

  public RedisTopology {
    endpoints = List.copyOf(endpoints);
    if (settleMillis < 0) {
      throw new IllegalArgumentException("settleMillis must be 0 or more (got " + settleMillis + ")");
    }
  }

  public static RedisTopology standalone(List<String> endpoints) {
    return new RedisTopology(false, endpoints, 0, ReplicaWait.NONE);
  }

  /** With {@link ReplicaWait#DEFAULT}: one replica when the masters have replicas. */
  public static RedisTopology cluster(List<String> seeds, long settleMillis) {
    return cluster(seeds, settleMillis, ReplicaWait.DEFAULT);
  }

  public static RedisTopology cluster(List<String> seeds, long settleMillis, ReplicaWait replicaWait) {
    return new RedisTopology(true, seeds, settleMillis, replicaWait);
  }
}
