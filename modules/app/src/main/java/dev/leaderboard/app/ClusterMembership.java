package dev.leaderboard.app;

import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.spi.cluster.ClusterManager;
import java.util.function.BooleanSupplier;

/** The readiness check "this node is a member of its cluster". */
final class ClusterMembership {
  private ClusterMembership() {
  }

  /**
   * True while the cluster manager is active and lists this node among the members; {@code null}
   * for a Vert.x that runs without a cluster (the HTTP API then reports "not clustered").
   */
  static BooleanSupplier of(Vertx vertx) {
    if (!vertx.isClustered()) {
      return null;
    }
    ClusterManager cluster = ((VertxInternal) vertx).clusterManager();
    return () -> cluster.isActive() && cluster.getNodes().contains(cluster.getNodeId());
  }
}
