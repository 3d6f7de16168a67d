package dev.leaderboard.service.leagues;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.ServiceGraph;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.List;

/** A node of the league tests: a service with a store of its own over the test Redis and PostgreSQL. */
final class LeagueNodes {
  private LeagueNodes() {
  }

  /** Starts a node; its store is added to {@code stores}, for the test to close. */
  static LeaderboardServiceImpl start(Vertx vertx, Clock clock, List<NodeStore> stores) {
    return start(vertx, clock, stores, TestShards.endpoints(), PeriodCloser.DEFAULT_LEASE_MILLIS);
  }

  /** A node over the shards {@code endpoints} whose close leases last {@code leaseMillis}. */
  static LeaderboardServiceImpl start(Vertx vertx, Clock clock, List<NodeStore> stores, List<String> endpoints,
      long leaseMillis) {
    NodeStore store = NodeStore.connect(vertx, new NodeStore.Options(RedisTopology.standalone(endpoints),
        TestPostgres.uri(), RedisPool.of(16))).await();
    stores.add(store);
    return new ServiceGraph(vertx, store, clock, 4, leaseMillis, ScoreNotices.DEFAULT_INTERVAL_MS).service();
  }
}
