package dev.leaderboard.store.friends;

import static dev.leaderboard.store.friends.FriendStore.Status.ADDED;
import static dev.leaderboard.store.friends.FriendStore.Status.FULL;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * The friend graph: one Redis set per user. Links are mutual, so a change writes two sets, perhaps on
 * two nodes; {@code friend_add.lua} refuses atomically to grow a set beyond the limit, and a side
 * added for a link refused on the other side is removed again.
 */
public final class FriendStore {
  /** Its Lua script ({@code friend_add.lua}). */
  public static final Script ADD = new Script("friend_add.lua", true, Key.class, Arg.class, Status.class);

  /** What linking a user to a friend did. */
  public enum Link {
    /** At least one side was added (the other may have been there already). */
    ADDED,
    /** Both sides were there already. */
    ALREADY,
    /** The owner's set is full: nothing changed. */
    OWNER_FULL,
    /** The friend's set is full: nothing changed. */
    FRIEND_FULL
  }

  /** The KEYS, ARGV and statuses (one per member) of {@code friend_add.lua}. */
  public enum Key { FRIENDS }

  public enum Arg implements ScriptCall.Variadic { LIMIT, MEMBERS }

  public enum Status implements Script.Status {
    @Script.Code(1) ADDED, @Script.Code(0) PRESENT, @Script.Code(-1) FULL;
  }

  private final Shards shards;

  public FriendStore(Shards shards) {
    this.shards = shards;
  }

  /** Sorted. */
  public Future<List<String>> friends(String userId) {
    return unordered(userId).map(out -> {
      out.sort(null);
      return out;
    });
  }

  public Future<List<String>> unordered(String userId) {
    return shards.send(Keys.friendSlot(userId), Request.cmd(Command.SMEMBERS).arg(Keys.friends(userId)))
        .map(Shards::strings);
  }

  /** Links {@code a} and {@code b} both ways in one round, unless either set holds {@code limit} friends. */
  public Future<Link> link(String a, String b, int limit) {
    return addEach(List.of(a, b), List.of(List.of(b), List.of(a)), limit).compose(st -> {
      Status sa = st.get(0)[0];
      Status sb = st.get(1)[0];
      if (sa != FULL && sb != FULL) {
        return Future.succeededFuture(sa == ADDED || sb == ADDED ? Link.ADDED : Link.ALREADY);
      }
      Link refused = sa == FULL ? Link.OWNER_FULL : Link.FRIEND_FULL;
      List<String> owners = new ArrayList<>();
      List<String> members = new ArrayList<>();
      if (sa == ADDED) {
        owners.add(a);
        members.add(b);
      }
      if (sb == ADDED) {
        owners.add(b);
        members.add(a);
      }
      return removeEach(owners, members).map(refused);
    });
  }

  /**
   * {@code friends} distinct, not the owner. Friends' sides go first, so a friend refused for a full
   * set never takes a place in the owner's set a later friend could have had.
   */
  public Future<List<Link>> linkAll(String owner, List<String> friends, int limit) {
    if (friends.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<List<String>> ownerOnly = friends.stream().map(f -> List.of(owner)).toList();
    return addEach(friends, ownerOnly, limit).compose(reverse -> {
      List<String> accepted = new ArrayList<>();
      for (int i = 0; i < friends.size(); i++) {
        if (reverse.get(i)[0] != FULL) {
          accepted.add(friends.get(i));
        }
      }
      Future<Status[]> forward = accepted.isEmpty()
          ? Future.succeededFuture(new Status[0])
          : addEach(List.of(owner), List.of(accepted), limit).map(st -> st.get(0));
      return forward.compose(fw -> {
        Link[] out = new Link[friends.size()];
        List<String> undoOwners = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < friends.size(); i++) {
          Status r = reverse.get(i)[0];
          if (r == FULL) {
            out[i] = Link.FRIEND_FULL;
            continue;
          }
          Status f = fw[k++];
          if (f == FULL) {
            out[i] = Link.OWNER_FULL;
            if (r == ADDED) {
              undoOwners.add(friends.get(i));
            }
          } else {
            out[i] = r == ADDED || f == ADDED ? Link.ADDED : Link.ALREADY;
          }
        }
        List<String> undoMembers = undoOwners.stream().map(u -> owner).toList();
        return removeEach(undoOwners, undoMembers).map(v -> List.of(out));
      });
    });
  }

  /** Unlinks {@code a} and {@code b} both ways in one round; {@code true} when either side was there. */
  public Future<Boolean> unlink(String a, String b) {
    return removeEach(List.of(a, b), List.of(b, a)).map(removed -> removed.get(0) || removed.get(1));
  }

  /**
   * The friends' sets first, then the user's own, so a run cut short still knows who is left to
   * unlink when run again. Answers the friends unlinked, sorted.
   */
  public Future<List<String>> unlinkAll(String userId) {
    return friends(userId).compose(friends -> removeEach(friends, friends.stream().map(f -> userId).toList())
        .compose(v -> shards.send(Keys.friendSlot(userId), Request.cmd(Command.UNLINK).arg(Keys.friends(userId))))
        .map(friends));
  }

  /** Statuses in request order. */
  private Future<List<Status[]>> addEach(List<String> owners, List<List<String>> members, int limit) {
    List<Call> calls = new ArrayList<>(owners.size());
    for (int i = 0; i < owners.size(); i++) {
      ScriptCall<Key, Arg> c = new ScriptCall<Key, Arg>(ADD, Keys.friendSlot(owners.get(i)))
          .key(Key.FRIENDS, Keys.friends(owners.get(i))).arg(Arg.LIMIT, limit);
      members.get(i).forEach(m -> c.arg(Arg.MEMBERS, m));
      calls.add(c.call());
    }
    return shards.dispatch(calls).map(answers -> answers.stream().map(r -> {
      Status[] out = new Status[r.size()];
      for (int k = 0; k < out.length; k++) {
        out[k] = Script.status(Status.class, r.get(k).toInteger());
      }
      return out;
    }).toList());
  }

  /** {@code true} where it was there. */
  private Future<List<Boolean>> removeEach(List<String> owners, List<String> members) {
    if (owners.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<Call> calls = new ArrayList<>(owners.size());
    for (int i = 0; i < owners.size(); i++) {
      calls.add(Call.of(Keys.friendSlot(owners.get(i)),
          Request.cmd(Command.SREM).arg(Keys.friends(owners.get(i))).arg(members.get(i))));
    }
    return shards.dispatch(calls).map(answers -> answers.stream().map(r -> r.toInteger() > 0).toList());
  }
}
