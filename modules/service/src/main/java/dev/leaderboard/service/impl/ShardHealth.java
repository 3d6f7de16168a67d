package dev.leaderboard.service.impl;

import dev.leaderboard.service.result.Health.ShardCheck;
import dev.leaderboard.store.dispatch.EndpointHealth;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/** Pings every shard at once; a shard that does not answer PING within {@link #TIMEOUT_MILLIS} is down. */
final class ShardHealth {
  static final long TIMEOUT_MILLIS = 1000;

  private ShardHealth() {
  }

  /** One check per shard, in shard order; never fails. */
  static Future<List<ShardCheck>> check(Shards shards) {
    return shards.health(TIMEOUT_MILLIS).map(endpoints -> {
      List<ShardCheck> out = new ArrayList<>(endpoints.size());
      for (int s = 0; s < endpoints.size(); s++) {
        EndpointHealth h = endpoints.get(s);
        out.add(new ShardCheck(s, h.up(), h.ms(), h.up() ? null : h.error()));
      }
      return out;
    });
  }
}
