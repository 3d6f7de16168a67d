package dev.leaderboard.store.boards;

import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;

/**
 * Leases on the meta shard: a key holding its owner's ID with a TTL, so one node at a time does a
 * job (closing a period, delivering its webhook) and a dead node's lease lapses.
 */
public final class Leases {
  /** Its Lua scripts ({@code lease_renew.lua}, {@code lease_release.lua}). */
  public static final Script RENEW = new Script("lease_renew.lua", true, Key.class, RenewArg.class, Status.class);
  public static final Script RELEASE = new Script("lease_release.lua", true, Key.class, ReleaseArg.class, Status.class);

  private final Shards shards;

  /** The KEYS of {@code lease_renew.lua} and {@code lease_release.lua}. */
  public enum Key { LEASE }

  public enum RenewArg { OWNER, TTL }

  public enum ReleaseArg { OWNER }

  /** The statuses of both lease scripts. */
  public enum Status implements Script.Status {
    @Script.Code(1) HELD, @Script.Code(0) NOT_HELD;
  }

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
    return shards.send(new ScriptCall<Key, RenewArg>(RENEW, Route.META).key(Key.LEASE, key)
        .arg(RenewArg.OWNER, owner).arg(RenewArg.TTL, ttlMillis).call())
        .map(r -> Script.status(Status.class, r.toInteger()) == Status.HELD);
  }

  /** Gives the lease back if this owner still holds it. */
  public Future<Void> release(String key, String owner) {
    return shards.send(new ScriptCall<Key, ReleaseArg>(RELEASE, Route.META).key(Key.LEASE, key)
        .arg(ReleaseArg.OWNER, owner).call()).mapEmpty();
  }
}
