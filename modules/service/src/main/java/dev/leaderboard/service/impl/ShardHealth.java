package dev.leaderboard.service.impl;

import dev.leaderboard.service.result.Health.ShardCheck;
import dev.leaderboard.store.ShardMeters;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
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

  /** One check per shard, in shard order; never fails. */
  static Future<List<ShardCheck>> check(Shards shards) {
    List<Future<ShardCheck>> checks = new ArrayList<>();
    for (int s = 0; s < shards.count(); s++) {
      checks.add(ping(shards, s));
    }
    return Future.all(checks).map(all -> checks.stream().map(Future::result).toList());
  }

  private static Future<ShardCheck> ping(Shards shards, int shard) {
    long start = System.nanoTime();
    String endpoint = ShardMeters.label(shards.endpoints().get(shard));
    Future<?> pong;
    try {
      pong = shards.send(shard, Request.cmd(Command.PING)).timeout(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (RuntimeException e) {
      pong = Future.failedFuture(e);
    }
    return pong.transform(ar -> Future.succeededFuture(new ShardCheck(shard, endpoint, ar.succeeded(),
        Math.round((System.nanoTime() - start) / 10_000.0) / 100.0,
        ar.failed() ? String.valueOf(ar.cause().getMessage()) : null)));
  }
}
