package dev.leaderboard.store.profiles;

import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Players' profiles: one string per user holding the profile's JSON, on the user's
 * {@link Keys#profileSlot}. The profiles of many users are read in one round: one {@code MGET} per
 * group of slots one node serves together ({@link Shards#scriptGroups}: a node on standalone
 * endpoints, a slot on a Redis Cluster), all pipelined at once.
 */
public final class ProfileStore {
  /** In {@link #read}: the user has no profile (a stored profile is a JSON object, never empty). */
  public static final String NONE = "";
  /** Its Lua script ({@code profile_swap.lua}). */
  public static final Script SWAP = new Script("profile_swap.lua", true, Key.class, Arg.class, Status.class);

  /** The KEYS, ARGV and statuses of {@code profile_swap.lua}. */
  public enum Key { PROFILE }

  public enum Arg { EXPECTED, NEXT }

  public enum Status implements Script.Status {
    @Script.Code(1) SWAPPED, @Script.Code(0) CHANGED;
  }

  private final Shards shards;

  public ProfileStore(Shards shards) {
    this.shards = shards;
  }

  /** The user's profile (JSON text), or {@code null} when the user has none. */
  public Future<String> get(String userId) {
    return shards.send(Keys.profileSlot(userId), Request.cmd(Command.GET).arg(Keys.profile(userId)))
        .map(r -> r == null ? null : r.toString());
  }

  /**
   * The profiles of those of {@code userIds} who have one, in one round; no I/O for none. A node that
   * does not answer leaves out its users' profiles instead of failing the read they decorate.
   */
  public Future<Map<String, String>> getAll(Collection<String> userIds) {
    return read(userIds).map(read -> {
      read.values().removeIf(String::isEmpty);
      return read;
    });
  }

  /**
   * As {@link #getAll}, with {@value #NONE} for each user whose node answered that they have none: a
   * user left out is one whose node did not answer.
   */
  public Future<Map<String, String>> read(Collection<String> userIds) {
    Map<Route, List<String>> bySlot = new LinkedHashMap<>();
    for (String u : userIds) {
      List<String> users = bySlot.computeIfAbsent(Keys.profileSlot(u), r -> new ArrayList<>());
      if (!users.contains(u)) {
        users.add(u);
      }
    }
    if (bySlot.isEmpty()) {
      return Future.succeededFuture(Map.of());
    }
    List<Call> calls = new ArrayList<>();
    List<List<String>> asked = new ArrayList<>();
    for (List<Route> group : shards.scriptGroups(List.copyOf(bySlot.keySet()))) {
      Request mget = Request.cmd(Command.MGET);
      List<String> users = new ArrayList<>();
      for (Route r : group) {
        for (String u : bySlot.get(r)) {
          mget.arg(Keys.profile(u));
          users.add(u);
        }
      }
      calls.add(Call.of(group.get(0), mget));
      asked.add(users);
    }
    return shards.dispatchEach(calls).map(answers -> {
      Map<String, String> out = new HashMap<>();
      for (int i = 0; i < answers.size(); i++) {
        Response values = answers.get(i).response();
        if (values == null) {
          continue;
        }
        List<String> users = asked.get(i);
        for (int k = 0; k < users.size(); k++) {
          Response v = values.get(k);
          out.put(users.get(k), v == null ? NONE : v.toString());
        }
      }
      return out;
    });
  }

  /** Stores the user's profile, replacing any. */
  public Future<Void> put(String userId, String profile) {
    return shards.send(Keys.profileSlot(userId), Request.cmd(Command.SET).arg(Keys.profile(userId)).arg(profile))
        .mapEmpty();
  }

  /**
   * Stores {@code next} ({@code null}: removes the profile) if the profile is still {@code expected}
   * ({@code null}: there was none); {@code false} when it changed meanwhile and nothing was stored.
   */
  public Future<Boolean> swap(String userId, String expected, String next) {
    Route r = Keys.profileSlot(userId);
    Call call = new ScriptCall<Key, Arg>(SWAP, r).key(Key.PROFILE, Keys.profile(userId))
        .arg(Arg.EXPECTED, expected == null ? "" : expected).arg(Arg.NEXT, next == null ? "" : next).call();
    return shards.send(call).map(answer -> Script.status(Status.class, answer.toInteger()) == Status.SWAPPED);
  }

  /** Removes the user's profile; {@code true} when there was one. */
  public Future<Boolean> remove(String userId) {
    return shards.send(Keys.profileSlot(userId), Request.cmd(Command.UNLINK).arg(Keys.profile(userId)))
        .map(r -> r.toInteger() > 0);
  }
}
