package dev.leaderboard.store.participation;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.store.dispatch.ClusterShards;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Vertx;

/** {@link ParticipationStoreTest} on a Redis Cluster of three masters: every script's keys share one hash tag. */
class ClusterParticipationTest extends ParticipationStoreTest {

  @Override
  Shards connect(Vertx vertx) {
    return ClusterShards.connect(vertx, TestCluster.seeds(), ROOMY, RedisTopology.DEFAULT_SETTLE_MILLIS);
  }
}
