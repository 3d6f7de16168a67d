package dev.leaderboard.service;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.store.dispatch.RedisTopology;

/** The randomized scenario of {@link ServiceScenarioTest} on a Redis Cluster of three masters. */
class ClusterScenarioTest extends ServiceScenarioTest {

  @Override
  RedisTopology redis() {
    return RedisTopology.cluster(TestCluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS);
  }

  /** Fewer events than on the standalone shards: the same paths, in a few seconds. */
  @Override
  int eventsPerBoard() {
    return 2000;
  }
}
