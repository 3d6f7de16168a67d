package dev.leaderboard.store.boards;

import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Scripts;
import dev.leaderboard.store.dispatch.Shards;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;

/**
 * Leases on the meta shard: a key holding its owner's ID with a TTL, so one node at a time does a
 * job (closing a period, delivering its webhook) and a dead node's lease lapses.
 */
public final class Leases {
  private final Shards shards;

  public Leases(Shards shards) {
    this.shards = shards;
  }

  /** Takes the lease for {@code ttlMillis} unless another owner holds it. */
  public Future<Boolean> acquire(String key, String owner, long ttlMillis) {
    return shards.send(Route.META, Request.cmd(Command.SET).arg(key).arg(owner).arg("NX").arg("PX").arg(ttlMillis))
        .map(r -> r != null && "OK".equals(r.toString()));
  }

  /** Extends the lease if this owner still holds it. */
  public Future<Boolean> renew(String key, String owner, long ttlMillis) {
    return shards.send(LeaseRenewScript.call(key, owner, ttlMillis))
        .map(r -> Scripts.status(LeaseRenewScript.Status.class, r.toInteger()) == LeaseRenewScript.Status.RENEWED);
  }

  /** Gives the lease back if this owner still holds it. */
  public Future<Void> release(String key, String owner) {
    return shards.send(LeaseReleaseScript.call(key, owner)).mapEmpty();
  }
}
