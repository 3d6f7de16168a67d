package dev.leaderboard.store.moderation;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.WireName;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.ScriptCall;
import dev.leaderboard.store.dispatch.Script;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.EntryLookups;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Redis side of moderation: ban records, and a user's entry moved, restored or removed
 * atomically with the partition's dense index ({@code moderate.lua}).
 */
public final class ModerationStore {
  /** Its Lua script ({@code moderate.lua}). */
  public static final Script MODERATE = new Script("moderate.lua", true, Key.class, Arg.class, Status.class);

  /** How many idempotency records one ZSCAN step looks at. */
  private static final int SCAN_COUNT = 1000;

  /** What the moderation script does on a partition; see {@code moderate.lua}. */
  public enum Op implements WireName {
    BAN, LIFT, REMOVE, ERASE, UNMARK
  }

  /** One board period to moderate a user on. */
  public record Target(Board board, String period) {
  }

  /** The KEYS and ARGV of {@code moderate.lua}. */
  public enum Key { SCORES, DISTINCT, SCORE_COUNTS, CLOSED, BANNED, STASH, METAS, USERS }

  public enum Arg { OP, USER, SCALE, DENSE, WIDE }

  /** The statuses of {@code moderate.lua}, each with the script's integer. */
  public enum Status implements Script.Status {
    /** Moved, restored or removed the entry. */
    @Script.Code(1) CHANGED,
    /** Removed the entry from the stash ({@link Op#REMOVE} of a banned user's entry). */
    @Script.Code(2) FROM_STASH,
    /** Nothing to move, restore or remove. */
    @Script.Code(0) NONE,
    /** The period is closed ({@link Op#REMOVE}): nothing removed. */
    @Script.Code(-3) CLOSED;
  }

  /** @param entry the entry it moved or removed, or {@code null} */
  public record Outcome(Status status, StoredEntry entry) {
    public boolean changed() {
      return (status == Status.CHANGED || status == Status.FROM_STASH) && entry != null;
    }
  }

  private final Shards shards;

  public ModerationStore(Shards shards) {
    this.shards = shards;
  }

  public Future<List<Outcome>> apply(Op op, String userId, List<Target> targets) {
    if (targets.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<Call> calls = new ArrayList<>(targets.size());
    for (Target t : targets) {
      Route r = route(t, userId);
      Board b = t.board();
      calls.add(new ScriptCall<Key, Arg>(MODERATE, r).key(Key.SCORES, Keys.scores(r))
          .key(Key.DISTINCT, Keys.distinct(r)).key(Key.SCORE_COUNTS, Keys.scoreCounts(r)).key(Key.CLOSED, Keys.closed(r))
          .key(Key.BANNED, Keys.banned(r)).key(Key.STASH, Keys.stash(r)).key(Key.METAS, Keys.meta(r))
          .key(Key.USERS, Keys.users(r, userId))
          .arg(Arg.OP, op.wireName()).arg(Arg.USER, userId).arg(Arg.SCALE, b.wide() ? 1 : b.codec().scale())
          .arg(Arg.DENSE, b.denseRanks()).arg(Arg.WIDE, b.wide()).call());
    }
    return shards.dispatch(calls).map(answers -> answers.stream().map(a -> new Outcome(
        Script.status(Status.class, a.get(0).toInteger()), EntryLookups.stored(userId, a.get(1)))).toList());
  }

  /** Not atomic, and need not be: running it again removes what is left. Answers how many it removed. */
  public Future<Long> forgetEvents(List<Target> targets, String userId) {
    List<Route> routes = targets.stream().map(t -> route(t, userId)).toList();
    return forgetEvents(routes, Collections.nCopies(routes.size(), "0"), userId, 0);
  }

  private Future<Long> forgetEvents(List<Route> routes, List<String> cursors, String userId, long removed) {
    if (routes.isEmpty()) {
      return Future.succeededFuture(removed);
    }
    List<Call> scans = new ArrayList<>(routes.size());
    for (int i = 0; i < routes.size(); i++) {
      scans.add(Call.of(routes.get(i), Request.cmd(Command.ZSCAN).arg(Keys.events(routes.get(i))).arg(cursors.get(i))
          .arg("MATCH").arg(userId + "\n*").arg("COUNT").arg(SCAN_COUNT)));
    }
    return shards.dispatch(scans).compose(pages -> {
      List<Call> zrems = new ArrayList<>();
      List<Route> next = new ArrayList<>();
      List<String> nextCursors = new ArrayList<>();
      for (int i = 0; i < routes.size(); i++) {
        Response found = pages.get(i).get(1);
        if (found.size() > 0) {
          Request zrem = Request.cmd(Command.ZREM).arg(Keys.events(routes.get(i)));
          for (int k = 0; k < found.size(); k += 2) {
            zrem.arg(found.get(k).toString());
          }
          zrems.add(Call.of(routes.get(i), zrem));
        }
        String cursor = pages.get(i).get(0).toString();
        if (!"0".equals(cursor)) {
          next.add(routes.get(i));
          nextCursors.add(cursor);
        }
      }
      Future<List<Response>> gone = zrems.isEmpty() ? Future.succeededFuture(List.of()) : shards.dispatch(zrems);
      return gone.compose(answers -> forgetEvents(next, nextCursors, userId,
          removed + answers.stream().mapToLong(Response::toLong).sum()));
    });
  }

  /** Per target the user's entry in its scores and in its stash ({@code null} where none). */
  public Future<List<StoredEntry[]>> lookup(String userId, List<Target> targets) {
    List<Call> calls = new ArrayList<>(2 * targets.size());
    for (Target t : targets) {
      Route r = route(t, userId);
      calls.add(EntryLookups.find(t.board(), r, userId));
      calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.stash(r)).arg(userId)));
    }
    return shards.dispatch(calls).map(answers -> {
      List<StoredEntry[]> out = new ArrayList<>(targets.size());
      for (int i = 0; i < targets.size(); i++) {
        out.add(new StoredEntry[] {EntryLookups.stored(userId, answers.get(2 * i)),
            EntryLookups.stored(userId, answers.get(2 * i + 1))});
      }
      return out;
    });
  }

  public Future<Map<String, Ban>> bans() {
    return shards.send(Route.META, Request.cmd(Command.HGETALL).arg(Keys.BANS)).map(r -> Shards.fields(r, Ban::fromStored));
  }

  /** The IDs of the banned users (and of users being erased). */
  public Future<Set<String>> bannedUsers() {
    return shards.send(Route.META, Request.cmd(Command.HKEYS).arg(Keys.BANS)).map(r -> new HashSet<>(Shards.strings(r)));
  }

  public Future<Ban> ban(String userId) {
    return shards.send(Route.META, Request.cmd(Command.HGET).arg(Keys.BANS).arg(userId))
        .map(r -> r == null ? null : Ban.fromStored(r.toString()));
  }

  public Future<Void> putBan(String userId, Ban ban) {
    return shards.send(Route.META, Request.cmd(Command.HSET).arg(Keys.BANS).arg(userId).arg(ban.toJson().encode()))
        .mapEmpty();
  }

  /** {@code false} when there was none. */
  public Future<Boolean> dropBan(String userId) {
    return shards.send(Route.META, Request.cmd(Command.HDEL).arg(Keys.BANS).arg(userId)).map(r -> r.toInteger() == 1);
  }

  private Route route(Target t, String userId) {
    return Keys.home(shards, t.board(), t.period(), userId);
  }
}
