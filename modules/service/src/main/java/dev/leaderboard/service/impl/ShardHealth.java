package dev.leaderboard.service.impl;

import dev.leaderboard.store.EndpointHealth;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** Pings every shard at once; a shard that does not answer PING within {@link #TIMEOUT_MILLIS} is down. */
final class ShardHealth {
  static final long TIMEOUT_MILLIS = 1000;

  private ShardHealth() {
  }

  /** {@code [{shard, endpoint, up, ms, error?}]} in shard order; never fails. */
  static Future<JsonArray> check(Shards shards) {
    return shards.health(TIMEOUT_MILLIS).map(ShardHealth::toJson);
  }

  private static JsonArray toJson(List<EndpointHealth> checks) {
    JsonArray out = new JsonArray();
    for (int s = 0; s < checks.size(); s++) {
      EndpointHealth h = checks.get(s);
      JsonObject check = new JsonObject().put("shard", s).put("endpoint", h.endpoint()).put("up", h.up())
          .put("ms", h.ms());
      if (!h.up()) {
        check.put("error", h.error());
      }
      out.add(check);
    }
    return out;
  }
}
