package dev.leaderboard.service;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.store.dispatch.RedisTopology;

/** The reads of {@link ReadPathsTest} on a Redis Cluster of three masters. */
class ClusterReadPathsTest extends ReadPathsTest {

  @Override
  RedisTopology redis() {
    return RedisTopology.cluster(TestCluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS);
  }
}
