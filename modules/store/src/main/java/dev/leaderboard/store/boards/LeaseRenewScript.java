package dev.leaderboard.store.boards;

import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;

/** The Java side of {@code lease_renew.lua}: extends a lease on the meta route if the owner still holds it. */
public final class LeaseRenewScript {
  private LeaseRenewScript() {
  }

  public enum Key { LEASE }

  public enum Arg { OWNER, TTL }

  public enum Status implements Scripts.Status {
    RENEWED(1), NOT_HELD(0);

    private final int code;

    Status(int code) {
      this.code = code;
    }

    @Override
    public Integer code() {
      return code;
    }
  }

  static Call call(String lease, String owner, long ttlMillis) {
    return new ScriptCall<Key, Arg>(Scripts.LEASE_RENEW, Route.META).key(Key.LEASE, lease).arg(Arg.OWNER, owner)
        .arg(Arg.TTL, ttlMillis).call();
  }
}
