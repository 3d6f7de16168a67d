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
import java.util.LinkedHashMap;
import java.util.function.Function;

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
    long[] removed = {0};
    return scanEvents(routes, userId, found -> {
      List<Call> zrems = new ArrayList<>(found.size());
      found.forEach((i, members) -> {
        Request zrem = Request.cmd(Command.ZREM).arg(Keys.events(routes.get(i)));
        members.forEach(zrem::arg);
        zrems.add(Call.of(routes.get(i), zrem));
      });
      return zrems.isEmpty() ? Future.succeededFuture() : shards.dispatch(zrems)
          .map(answers -> removed[0] += answers.stream().mapToLong(Response::toLong).sum()).mapEmpty();
    }).map(v -> removed[0]);
  }

  /** Per target, the event IDs the user's idempotency records hold (an export). */
  public Future<List<List<String>>> events(List<Target> targets, String userId) {
    List<Route> routes = targets.stream().map(t -> route(t, userId)).toList();
    List<List<String>> out = new ArrayList<>(routes.size());
    routes.forEach(r -> out.add(new ArrayList<>()));
    int cut = userId.length() + 1;
    return scanEvents(routes, userId, found -> {
      found.forEach((i, members) -> members.forEach(m -> out.get(i).add(m.substring(cut))));
      return Future.succeededFuture();
    }).map(v -> out);
  }

  /**
   * Walks the user's idempotency records ({@code userId \n eventId} members of each route's events
   * set) by {@code ZSCAN … MATCH}, {@value #SCAN_COUNT} members a step: one round for every route's
   * step, then {@code onRound} with what it found per route index, then the next step of the routes
   * whose scan is not over.
   */
  private Future<Void> scanEvents(List<Route> routes, String userId,
      Function<Map<Integer, List<String>>, Future<Void>> onRound) {
    List<Integer> all = new ArrayList<>(routes.size());
    for (int i = 0; i < routes.size(); i++) {
      all.add(i);
    }
    return scanEvents(routes, all, Collections.nCopies(routes.size(), "0"), userId, onRound);
  }

  private Future<Void> scanEvents(List<Route> routes, List<Integer> open, List<String> cursors, String userId,
      Function<Map<Integer, List<String>>, Future<Void>> onRound) {
    if (open.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Call> scans = new ArrayList<>(open.size());
    for (int k = 0; k < open.size(); k++) {
      Route r = routes.get(open.get(k));
      scans.add(Call.of(r, Request.cmd(Command.ZSCAN).arg(Keys.events(r)).arg(cursors.get(k))
          .arg("MATCH").arg(userId + "\n*").arg("COUNT").arg(SCAN_COUNT)));
    }
    return shards.dispatch(scans).compose(pages -> {
      Map<Integer, List<String>> found = new LinkedHashMap<>();
      List<Integer> next = new ArrayList<>();
      List<String> nextCursors = new ArrayList<>();
      for (int k = 0; k < open.size(); k++) {
        Response members = pages.get(k).get(1);
        if (members.size() > 0) {
          List<String> page = new ArrayList<>(members.size() / 2);
          for (int m = 0; m < members.size(); m += 2) {
            page.add(members.get(m).toString());
          }
          found.put(open.get(k), page);
        }
        String cursor = pages.get(k).get(0).toString();
        if (!"0".equals(cursor)) {
          next.add(open.get(k));
          nextCursors.add(cursor);
        }
      }
      return onRound.apply(found).compose(v -> scanEvents(routes, next, nextCursors, userId, onRound));
    });
  }

  /** What the user holds on one board period: the entry, the entry a ban holds back, the metadata (each {@code null} when none). */
  public record Holding(StoredEntry entry, StoredEntry stashed, String meta) {
  }

  /** Per target what the user holds there ({@link Holding}); one dispatch. */
  public Future<List<Holding>> holdings(String userId, List<Target> targets) {
    List<Call> calls = new ArrayList<>(3 * targets.size());
    for (Target t : targets) {
      Route r = route(t, userId);
      calls.add(EntryLookups.find(t.board(), r, userId));
      calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.stash(r)).arg(userId)));
      calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.meta(r)).arg(userId)));
    }
    return shards.dispatch(calls).map(answers -> {
      List<Holding> out = new ArrayList<>(targets.size());
      for (int i = 0; i < targets.size(); i++) {
        Response meta = answers.get(3 * i + 2);
        out.add(new Holding(EntryLookups.stored(userId, answers.get(3 * i)),
            EntryLookups.stored(userId, answers.get(3 * i + 1)), meta == null ? null : meta.toString()));
      }
      return out;
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
