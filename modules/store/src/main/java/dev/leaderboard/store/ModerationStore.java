package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Redis side of moderation: the ban records ({@link Keys#BANS}, on the meta route) and one
 * user's entry on each board period, moved, restored or removed by the {@code moderate} script on
 * the user's partition, atomically with the partition's dense index (see {@code moderate.lua}).
 */
public final class ModerationStore {
  /** How many idempotency records one ZSCAN step looks at. */
  private static final int SCAN_COUNT = 1000;

  /** What the moderation script does on a partition; see {@code moderate.lua}. */
  public enum Op {
    BAN, LIFT, REMOVE, ERASE, UNMARK;

    String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** One board period to moderate a user on. */
  public record Target(Board board, String period) {
  }

  /**
   * What the script did on one target.
   *
   * @param status the script's status (see {@code moderate.lua}): 1 or 2 when it moved or removed an entry
   * @param composite the entry it moved or removed, or {@code null}
   */
  public record Outcome(int status, Long composite) {
    public boolean changed() {
      return status > 0 && composite != null;
    }
  }

  private final Shards shards;

  public ModerationStore(Shards shards) {
    this.shards = shards;
  }

  /** Runs {@code op} for the user on every target, one script call each, in one dispatch. */
  public Future<List<Outcome>> apply(Op op, String userId, List<Target> targets) {
    if (targets.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<Call> calls = new ArrayList<>(targets.size());
    for (Target t : targets) {
      Route r = route(t, userId);
      calls.add(Scripts.MODERATE.call(r, Keys.moderated(r)).arg(op.wireName()).arg(userId)
          .arg(t.board().codec().scale()).arg(Scripts.flag(t.board().denseRanks())));
    }
    return shards.dispatch(calls).map(answers -> answers.stream()
        .map(a -> new Outcome(a.get(0).toInteger(), ScoreStore.composite(a.get(1)))).toList());
  }

  /** The composites stashed for the user on each target ({@code null} where none), in one dispatch. */
  public Future<List<Long>> stashed(String userId, List<Target> targets) {
    List<Call> calls = new ArrayList<>(targets.size());
    for (Target t : targets) {
      Route r = route(t, userId);
      calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.stash(r)).arg(userId)));
    }
    return shards.dispatch(calls).map(answers -> answers.stream().map(ScoreStore::composite).toList());
  }

  /**
   * Removes the user's idempotency records ({@code userId \n eventId}) from the target's partition:
   * ZSCAN steps matching the user's prefix, each followed by a ZREM of what it found. Not atomic,
   * and need not be: running it again removes what is left. Answers how many it removed.
   */
  public Future<Long> forgetEvents(Target t, String userId) {
    return forgetEvents(route(t, userId), userId, "0", 0);
  }

  private Future<Long> forgetEvents(Route r, String userId, String cursor, long removed) {
    Request scan = Request.cmd(Command.ZSCAN).arg(Keys.events(r)).arg(cursor).arg("MATCH").arg(userId + "\n*")
        .arg("COUNT").arg(SCAN_COUNT);
    return shards.send(r, scan).compose(page -> {
      String next = page.get(0).toString();
      Response found = page.get(1);
      Request zrem = Request.cmd(Command.ZREM).arg(Keys.events(r));
      for (int i = 0; i < found.size(); i += 2) {
        zrem.arg(found.get(i).toString());
      }
      Future<Long> gone = found.size() == 0 ? Future.succeededFuture(0L)
          : shards.send(r, zrem).map(Response::toLong);
      return gone.compose(n -> "0".equals(next)
          ? Future.succeededFuture(removed + n)
          : forgetEvents(r, userId, next, removed + n));
    });
  }

  /** Every ban, by user ID. */
  public Future<Map<String, Ban>> bans() {
    return shards.send(Route.META, Request.cmd(Command.HGETALL).arg(Keys.BANS)).map(r -> {
      Map<String, Ban> out = new LinkedHashMap<>();
      for (int i = 0; i + 1 < r.size(); i += 2) {
        out.put(r.get(i).toString(), Ban.fromStored(r.get(i + 1).toString()));
      }
      return out;
    });
  }

  /** The IDs of the banned users (and of users being erased). */
  public Future<Set<String>> bannedUsers() {
    return shards.send(Route.META, Request.cmd(Command.HKEYS).arg(Keys.BANS)).map(r -> {
      Set<String> out = new HashSet<>();
      r.forEach(u -> out.add(u.toString()));
      return out;
    });
  }

  /** The user's ban, or {@code null}. */
  public Future<Ban> ban(String userId) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.BANS).arg(userId))
        .map(r -> r == null ? null : Ban.fromStored(r.toString()));
  }

  public Future<Void> putBan(String userId, Ban ban) {
    return shards.send(Route.META, Request.cmd(Command.HSET).arg(Keys.BANS).arg(userId).arg(ban.toJson().encode()))
        .mapEmpty();
  }

  /** Removes the user's ban; {@code false} when there was none. */
  public Future<Boolean> dropBan(String userId) {
    return shards.send(Route.META, Request.cmd(Command.HDEL).arg(Keys.BANS).arg(userId)).map(r -> r.toInteger() == 1);
  }

  private static Route route(Target t, String userId) {
    return Keys.partition(t.board(), t.period(), Partitioner.partitionOf(userId, t.board().partitions()));
  }
}
