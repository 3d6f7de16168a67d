package dev.leaderboard.store.scores;

import dev.leaderboard.store.dispatch.ClusterShards;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Shards;

import dev.leaderboard.embedded.TestCluster;
import io.vertx.core.Vertx;

/** The cross-partition reads of {@link ScoreStoreReadTest} on a Redis Cluster of three masters. */
class ClusterReadTest extends ScoreStoreReadTest {

  @Override
  Shards connect(Vertx vertx) {
    return ClusterShards.connect(vertx, TestCluster.seeds(), RedisPool.of(4), RedisTopology.DEFAULT_SETTLE_MILLIS);
  }
}
