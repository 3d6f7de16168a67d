package dev.leaderboard.service;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.store.dispatch.RedisTopology;

/**
 * The randomized moderation scenario of {@link ModerationScenarioTest} on a Redis Cluster of three
 * masters, shorter: every call there costs more rounds.
 */
class ClusterModerationScenarioTest extends ModerationScenarioTest {

  @Override
  int steps() {
    return 600;
  }

  @Override
  RedisTopology redis() {
    return RedisTopology.cluster(TestCluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS);
  }
}
