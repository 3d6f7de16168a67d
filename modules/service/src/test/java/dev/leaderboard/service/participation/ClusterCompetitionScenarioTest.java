package dev.leaderboard.service.participation;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.store.dispatch.RedisTopology;

/** {@link CompetitionScenarioTest} on a Redis Cluster: joins, submits and cohort reads on one hash tag each. */
class ClusterCompetitionScenarioTest extends CompetitionScenarioTest {

  @Override
  RedisTopology redis() {
    return RedisTopology.cluster(TestCluster.seeds(), RedisTopology.DEFAULT_SETTLE_MILLIS);
  }

  @Override
  int users() {
    return 60;
  }
}
