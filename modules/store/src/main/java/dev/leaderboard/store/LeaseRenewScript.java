package dev.leaderboard.store;

/** The Java side of {@code lease_renew.lua}: extends a lease on the meta route if the owner still holds it. */
final class LeaseRenewScript {
  private LeaseRenewScript() {
  }

  enum Key { LEASE }

  enum Arg { OWNER, TTL }

  enum Status implements Scripts.Status {
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
