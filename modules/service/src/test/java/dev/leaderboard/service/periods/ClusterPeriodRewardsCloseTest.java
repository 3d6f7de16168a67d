package dev.leaderboard.service.periods;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.store.dispatch.RedisTopology;

/** {@link PeriodRewardsCloseTest} on a Redis Cluster of three masters: the cohort placements are read by slot. */
class ClusterPeriodRewardsCloseTest extends PeriodRewardsCloseTest {

  @Override
  RedisTopology redis() {
    return RedisTopology.cluster(TestCluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS);
  }
}
