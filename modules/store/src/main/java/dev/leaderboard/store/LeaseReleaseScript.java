package dev.leaderboard.store;

/** The Java side of {@code lease_release.lua}: gives a lease on the meta route back if the owner still holds it. */
final class LeaseReleaseScript {
  private LeaseReleaseScript() {
  }

  enum Key { LEASE }

  enum Arg { OWNER }

  enum Status implements Scripts.Status {
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
