package dev.leaderboard.store.boards;

import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;

/** The Java side of {@code lease_release.lua}: gives a lease on the meta route back if the owner still holds it. */
public final class LeaseReleaseScript {
  private LeaseReleaseScript() {
  }

  public enum Key { LEASE }

  public enum Arg { OWNER }

  public enum Status implements Scripts.Status {
    RELEASED(1), NOT_HELD(0);

    private final int code;

    Status(int code) {
      this.code = code;
    }

    @Override
    public Integer code() {
      return code;
    }
  }

  static Call call(String lease, String owner) {
    return new ScriptCall<Key, Arg>(Scripts.LEASE_RELEASE, Route.META).key(Key.LEASE, lease).arg(Arg.OWNER, owner)
        .call();
  }
}
