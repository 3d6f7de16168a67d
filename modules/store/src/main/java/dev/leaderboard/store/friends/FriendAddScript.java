package dev.leaderboard.store.friends;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Scripts;

import io.vertx.redis.client.Response;
import java.util.List;

/** The Java side of {@code friend_add.lua}: adds members to one friend set up to a limit, a status per member. */
public final class FriendAddScript {
  private FriendAddScript() {
  }

  public enum Key { FRIENDS }

  public enum Arg implements ScriptCall.Variadic { LIMIT, MEMBERS }

  public enum Status implements Scripts.Status {
    ADDED(1), PRESENT(0), FULL(-1);

    private final int code;

    Status(int code) {
      this.code = code;
    }

    @Override
    public Integer code() {
      return code;
    }
  }

  static Call call(String owner, List<String> members, int limit) {
    ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(Scripts.FRIEND_ADD, Keys.friendSlot(owner))
        .key(Key.FRIENDS, Keys.friends(owner)).arg(Arg.LIMIT, limit);
    members.forEach(m -> c.arg(Arg.MEMBERS, m));
    return c.call();
  }

  /** The status of each member, in order. */
  static Status[] statuses(Response r) {
    Status[] out = new Status[r.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = Scripts.status(Status.class, r.get(k).toInteger());
    }
    return out;
  }
}
