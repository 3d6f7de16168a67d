package dev.leaderboard.service.impl;

import dev.leaderboard.store.ShardMeters;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Pings every shard at once; a shard that does not answer PING within {@link #TIMEOUT_MILLIS} is down. */
final class ShardHealth {
  static final long TIMEOUT_MILLIS = 1000;

  private ShardHealth() {
  }

  /** {@code [{shard, endpoint, up, ms, error?}]} in shard order; never fails. */
  static Future<JsonArray> check(Shards shards) {
    List<Future<JsonObject>> checks = new ArrayList<>();
    for (int s = 0; s < shards.count(); s++) {
      checks.add(ping(shards, s));
    }
    return Future.all(checks).map(all -> new JsonArray(checks.stream().map(Future::result).toList()));
  }

  private static Future<JsonObject> ping(Shards shards, int shard) {
    long start = System.nanoTime();
    JsonObject check = new JsonObject()
        .put("shard", shard)
        .put("endpoint", ShardMeters.label(shards.endpoints().get(shard)));
    Future<?> pong;
    try {
      pong = shards.send(shard, Request.cmd(Command.PING)).timeout(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (RuntimeException e) {
      pong = Future.failedFuture(e);
    }
    return pong.transform(ar -> {
      check.put("up", ar.succeeded()).put("ms", Math.round((System.nanoTime() - start) / 10_000.0) / 100.0);
      if (ar.failed()) {
        check.put("error", String.valueOf(ar.cause().getMessage()));
      }
      return Future.succeededFuture(check);
    });
  }
}
