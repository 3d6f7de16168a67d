package dev.leaderboard.store;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Order;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;

/**
 * Scores of board periods spread over partitions. Writes are one Lua call on the user's
 * partition; reads are one {@link Shards#dispatch} per round (a pipelined batch per node, all
 * nodes in parallel).
 *
 * <p>Over 300 lines because it is the one place that builds every command on a period's scores
 * (submit, lookups, counts, pages, around, dense index) and reads their replies; the algorithms
 * behind the reads live in {@link Positions}, {@link Neighbours} and {@link PageSelector}.
 */
public final class ScoreStore {
  private final Shards shards;
  private final PageSelector pages;
  private final Positions positions;
  private final Neighbours neighbours;

  public ScoreStore(Shards shards) {
    this(shards, PageSelector.MAX_WINDOW);
  }

  /** With a narrower deep-page window than the default, so tests can force the refining rounds. */
  ScoreStore(Shards shards, long maxWindow) {
    this.shards = shards;
    this.positions = new Positions(shards);
    this.neighbours = new Neighbours(shards);
    this.pages = new PageSelector(shards, maxWindow);
  }

  /** The page at global position {@code offset}, exact at any depth (see {@link PageSelector}). */
  public Future<Page> page(Board b, String period, long offset, int limit) {
    return page(b, period, offset, limit, false);
  }

  /** {@link #page}, its entries with their metadata when {@code withMeta} (in the same rounds). */
  public Future<Page> page(Board b, String period, long offset, int limit, boolean withMeta) {
    return pages.page(b, period, offset, limit, withMeta);
  }

  public Shards shards() {
    return shards;
  }

  /** Applies one event atomically on the user's partition. */
  public Future<SubmitOutcome> submit(Board b, SubmitCommand c, long nowMillis, long dedupeMillis) {
    SubmitCommand keyed = withEventId(c);
    return shards.send(submitCall(b, keyed, nowMillis, dedupeMillis)).map(r -> outcome(c.userId(), r, keyed != c));
  }

  /**
   * The event as it is sent: where the shards may send a write twice ({@link Shards#resendsWrites},
   * a Redis Cluster) an event without an event ID gets one of the node's own ({@link ServerEventIds})
   * before its first attempt, so that a second attempt is deduplicated like a client's retry.
   */
  private SubmitCommand withEventId(SubmitCommand c) {
    return c.eventId() != null || !shards.resendsWrites() ? c
        : c.withEventId(ServerEventIds.next());
  }

  /**
   * Applies many events in one dispatch: one pipelined batch per node, all nodes at once; events
   * of one user keep their order (they share a partition, so a node and its batch). A node that
   * fails fails only its own events ({@link SubmitOutcome.Status#FAILED}); the others stand.
   */
  public Future<List<SubmitOutcome>> submitAll(Board b, List<SubmitCommand> commands, long nowMillis,
      long dedupeMillis) {
    List<Call> calls = new ArrayList<>(commands.size());
    boolean[] ours = new boolean[commands.size()];
    for (int i = 0; i < commands.size(); i++) {
      SubmitCommand keyed = withEventId(commands.get(i));
      ours[i] = keyed != commands.get(i);
      calls.add(submitCall(b, keyed, nowMillis, dedupeMillis));
    }
    return shards.dispatchEach(calls).map(replies -> {
      List<SubmitOutcome> out = new ArrayList<>(replies.size());
      for (int i = 0; i < replies.size(); i++) {
        Shards.Reply r = replies.get(i);
        out.add(r.failure() == null ? outcome(commands.get(i).userId(), r.response(), ours[i])
            : SubmitOutcome.failed(r.failure()));
      }
      return out;
    });
  }

  private static Call submitCall(Board b, SubmitCommand c, long now, long dedupeMillis) {
    Route r = Keys.partition(b, c.period(), Partitioner.partitionOf(c.userId(), b.partitions()));
    return Scripts.SUBMIT.call(r, Keys.submitted(r, c.userId()))
        .arg(c.userId())
        .arg(c.operator().wireName())
        .arg(c.value())
        .arg(desc(b))
        .arg(b.wide() ? 1 : b.codec().scale())
        .arg(c.tie())
        .arg(b.maxScore())
        .arg(c.eventId() == null ? "" : c.eventId())
        .arg(now)
        .arg(dedupeMillis)
        .arg(Scripts.flag(b.denseRanks()))
        .arg(EventDigest.of(c))
        .arg(b.maxStep() == null ? 0 : b.maxStep())
        .arg(c.meta() == null ? "" : c.meta())
        .arg(c.wideTie())
        .arg(b.minScore());
  }

  /** The board's order as the scripts take it: {@code "1"} on a desc board. */
  static String desc(Board b) {
    return Scripts.flag(b.order() == Order.DESC);
  }

  /** The rank script's count, on one partition, of the members ordered before each pivot. */
  static Call countBefore(Board b, Route partition, List<StoredEntry> pivots) {
    Call count = Scripts.RANK.call(partition, Keys.scores(partition)).arg(desc(b)).arg("count");
    for (StoredEntry e : pivots) {
      count.arg(e.composite()).arg(e.member());
    }
    return count;
  }

  /**
   * What the script answered. {@code ownEventId}: the event ID is the node's own, so a duplicate can
   * only be an earlier attempt of this same call, which was applied: it is answered as
   * {@link SubmitOutcome.Status#CHANGED} (whether that attempt changed the score is not known).
   */
  private static SubmitOutcome outcome(String userId, Response r, boolean ownEventId) {
    int code = r.get(0).toInteger();
    if (code == 0 && ownEventId) {
      code = 1;
    }
    SubmitOutcome.Status status;
    switch (code) {
      case 1 -> status = SubmitOutcome.Status.CHANGED;
      case 2 -> status = SubmitOutcome.Status.UNCHANGED;
      case 0 -> status = SubmitOutcome.Status.DUPLICATE;
      case -1 -> status = SubmitOutcome.Status.BELOW_ZERO;
      case -2 -> status = SubmitOutcome.Status.ABOVE_MAX;
      case -3 -> status = SubmitOutcome.Status.CLOSED;
      case -4 -> status = SubmitOutcome.Status.CONFLICT;
      case -5 -> status = SubmitOutcome.Status.STEP_TOO_LARGE;
      case -6 -> status = SubmitOutcome.Status.BANNED;
      default -> throw new IllegalStateException("unexpected submit status " + code);
    }
    return new SubmitOutcome(status, stored(userId, r.get(1)), stored(userId, r.get(2)), null);
  }

  /**
   * A user's entry as a script or the user map answers it ({@code null} or empty: none): the
   * composite, or on a wide board {@code tie + score} ({@link StoredEntry#ofStored}).
   */
  static StoredEntry stored(String userId, Response r) {
    if (r == null) {
      return null;
    }
    String s = r.toString();
    return s.isEmpty() ? null : StoredEntry.ofStored(userId, s);
  }

  /**
   * The call that reads a user's entry on the user's partition: ZSCORE on a packed board, the
   * user's bucket of the user map on a wide one; its answer is read by {@link #stored}.
   */
  static Call find(Board b, Route r, String userId) {
    return Call.of(r, b.wide() ? Request.cmd(Command.HGET).arg(Keys.users(r, userId)).arg(userId)
        : Request.cmd(Command.ZSCORE).arg(Keys.scores(r)).arg(userId));
  }

  /**
   * The user's entry in a period ({@code null} when none); with {@code withMeta} its metadata too,
   * read in the same pipelined batch.
   */
  public Future<StoredEntry> entry(Board b, String period, String userId, boolean withMeta) {
    Route r = Keys.partition(b, period, Partitioner.partitionOf(userId, b.partitions()));
    List<Call> calls = new ArrayList<>(2);
    calls.add(find(b, r, userId));
    if (withMeta) {
      calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.meta(r)).arg(userId)));
    }
    return shards.dispatch(calls).map(answers -> {
      StoredEntry e = stored(userId, answers.get(0));
      if (e == null) {
        return null;
      }
      return withMeta && answers.get(1) != null ? e.withMeta(answers.get(1).toString()) : e;
    });
  }

  /** The user's entry in a period (without metadata), or {@code null}. */
  public Future<StoredEntry> stored(Board b, String period, String userId) {
    Route r = Keys.partition(b, period, Partitioner.partitionOf(userId, b.partitions()));
    return shards.send(find(b, r, userId)).map(a -> stored(userId, a));
  }

  /**
   * For each pivot, how many members are ordered before it; for each score, how many members
   * have a strictly better score; and the total. One round of native commands ({@link Positions}).
   */
  public Future<RankCounts> counts(Board b, String period, List<StoredEntry> pivots, List<Long> scores) {
    return positions.count(b, period, pivots, scores).map(c -> {
      long[] before = new long[pivots.size()];
      for (int i = 0; i < before.length; i++) {
        before[i] = c.before(i);
      }
      return new RankCounts(c.total(), before, c.better());
    });
  }

  static Call strictlyBetter(Board b, Route r, long score) {
    String key = Keys.scores(r);
    if (b.order() == Order.DESC) {
      return Call.of(r, Request.cmd(Command.ZCOUNT).arg(key).arg("(" + b.highest(score)).arg("+inf"));
    }
    return Call.of(r, Request.cmd(Command.ZCOUNT).arg(key).arg("-inf").arg("(" + b.lowest(score)));
  }

  /** The first {@code n} entries of the period in board order, merged from every partition's head. */
  public Future<List<StoredEntry>> head(Board b, String period, int n) {
    if (n <= 0) {
      return Future.succeededFuture(List.of());
    }
    return shards.eachPartition(Keys.partitions(b, period), r -> List.of(range(b, r, 0, n - 1)))
        .map(perPartition -> Runs.merge(b.order(), Runs.runs(perPartition, 0), n));
  }

  /**
   * The users' entries ({@code null} where absent), in the order asked: one ZMSCORE per partition
   * (on a wide board, one HGET of the user map per user, batched per partition).
   */
  public Future<List<StoredEntry>> entries(Board b, String period, List<String> userIds) {
    Lookups asked = lookupCalls(b, period, userIds);
    return shards.dispatch(asked.calls()).map(answers -> {
      StoredEntry[] out = new StoredEntry[userIds.size()];
      for (int c = 0; c < answers.size(); c++) {
        asked.read(c, answers.get(c), userIds, out);
      }
      return Arrays.asList(out);
    });
  }

  /**
   * Like {@link #composites}, but a shard that does not answer fails only its own users: each user
   * gets a composite (or none) from a shard that answered, or the index of the shard that did not
   * ({@link Shards#dispatchEach}). Fails as a whole only for a failure other than an unreachable
   * shard (an error reply, a bug).
   */
  public Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds) {
    return lookups(b, period, userIds, false);
  }

  /**
   * {@link #lookups}; with {@code withMeta} each partition's ZMSCORE is followed, in the same
   * pipelined batch, by an HMGET of the same users' metadata.
   */
  public Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds, boolean withMeta) {
    Lookups asked = lookupCalls(b, period, userIds);
    List<Call> calls = new ArrayList<>(asked.calls());
    if (withMeta) {
      for (int c = 0; c < asked.calls().size(); c++) {
        Route r = asked.calls().get(c).route();
        Request hmget = Request.cmd(Command.HMGET).arg(Keys.meta(r));
        asked.users().get(c).forEach(i -> hmget.arg(userIds.get(i)));
        calls.add(Call.of(r, hmget));
      }
    }
    int n = asked.calls().size();
    return shards.dispatchEach(calls).compose(replies -> {
      ScoreLookup[] out = new ScoreLookup[userIds.size()];
      StoredEntry[] found = new StoredEntry[userIds.size()];
      for (int c = 0; c < n; c++) {
        Shards.Reply r = replies.get(c);
        Shards.Reply m = withMeta ? replies.get(n + c) : null;
        Throwable failure = r.failure() != null ? r.failure() : m == null ? null : m.failure();
        int down = unreachableShard(failure);
        if (failure != null && down == ScoreLookup.REACHED) {
          return Future.failedFuture(failure);
        }
        if (failure == null) {
          asked.read(c, r.response(), userIds, found);
        }
        List<Integer> users = asked.users().get(c);
        for (int k = 0; k < users.size(); k++) {
          int i = users.get(k);
          Response meta = m == null || failure != null ? null : m.response().get(k);
          out[i] = failure == null ? ScoreLookup.answered(found[i] == null ? null
              : found[i].withMeta(meta == null ? null : meta.toString()))
              : ScoreLookup.unreachable(down);
        }
      }
      return Future.succeededFuture(Arrays.asList(out));
    });
  }

  /** The shard a failure names as unreachable, or {@link ScoreLookup#REACHED} for any other failure (or none). */
  private static int unreachableShard(Throwable failure) {
    return failure instanceof StoreUnavailableException down
        ? down.shard().orElse(ScoreLookup.REACHED) : ScoreLookup.REACHED;
  }

  /**
   * The calls that find users' entries: one ZMSCORE per partition holding some of the users (packed),
   * or one HGET of the user map per user (wide); {@code users} holds each call's user indexes.
   */
  private record Lookups(List<Call> calls, List<List<Integer>> users, boolean wide) {
    /** Puts the entries answered to call {@code c} at their users' indexes in {@code out}. */
    void read(int c, Response answer, List<String> userIds, StoredEntry[] out) {
      List<Integer> idx = users.get(c);
      if (wide) {
        out[idx.get(0)] = stored(userIds.get(idx.get(0)), answer);
        return;
      }
      for (int k = 0; k < idx.size(); k++) {
        out[idx.get(k)] = stored(userIds.get(idx.get(k)), answer.get(k));
      }
    }
  }

  private static Lookups lookupCalls(Board b, String period, List<String> userIds) {
    List<List<Integer>> byPartition = new ArrayList<>();
    for (int p = 0; p < b.partitions(); p++) {
      byPartition.add(new ArrayList<>());
    }
    for (int i = 0; i < userIds.size(); i++) {
      byPartition.get(Partitioner.partitionOf(userIds.get(i), b.partitions())).add(i);
    }
    List<List<Integer>> asked = new ArrayList<>();
    List<Call> calls = new ArrayList<>();
    for (int p = 0; p < b.partitions(); p++) {
      List<Integer> idx = byPartition.get(p);
      if (!idx.isEmpty() && b.wide()) {
        Route r = Keys.partition(b, period, p);
        for (int i : idx) {
          asked.add(List.of(i));
          calls.add(find(b, r, userIds.get(i)));
        }
      } else if (!idx.isEmpty()) {
        Route r = Keys.partition(b, period, p);
        Request zmscore = Request.cmd(Command.ZMSCORE).arg(Keys.scores(r));
        idx.forEach(i -> zmscore.arg(userIds.get(i)));
        asked.add(idx);
        calls.add(Call.of(r, zmscore));
      }
    }
    return new Lookups(calls, asked, b.wide());
  }

  /**
   * The entry and its neighbours: up to {@code before} entries before it and {@code after} from it
   * (the entry first), with its position and the total; native commands, see {@link Neighbours}.
   */
  public Future<Around> around(Board b, String period, StoredEntry e, int before, int after) {
    return around(b, period, e, before, after, false);
  }

  /** {@link #around}, the rows with their metadata when {@code withMeta} (read by the same calls). */
  public Future<Around> around(Board b, String period, StoredEntry e, int before, int after, boolean withMeta) {
    return neighbours.around(b, period, e, before, after, withMeta);
  }

  /**
   * The distinct scores strictly better than {@code score}, over all partitions, sorted best
   * first. Costs one round and as many values as there are such distinct scores per partition.
   */
  public Future<long[]> distinctBetter(Board b, String period, long score) {
    return shards.eachPartition(Keys.partitions(b, period), r -> {
      String key = Keys.distinct(r);
      return List.of(Call.of(r, b.order() == Order.DESC
          ? Request.cmd(Command.ZRANGEBYSCORE).arg(key).arg("(" + score).arg("+inf")
          : Request.cmd(Command.ZRANGEBYSCORE).arg(key).arg("-inf").arg("(" + score)));
    }).map(perPartition -> {
      TreeSet<Long> union = new TreeSet<>();
      for (List<Response> answers : perPartition) {
        for (Response v : answers.get(0)) {
          union.add(Long.parseLong(v.toString()));
        }
      }
      return (b.order() == Order.DESC ? union.descendingSet() : union).stream().mapToLong(Long::longValue).toArray();
    });
  }

  /**
   * A user's composite, position and the period's total.
   *
   * @param entry {@code null} when the user has no score; with its metadata when asked for and present
   */
  public record UserRank(StoredEntry entry, long before, long total) {
  }

  /**
   * The user's global position. Without a hint: ZSCORE on the user's partition, then the counts
   * on every partition (two rounds). With a hint (the user's composite as last seen): one round —
   * every partition counts the members before the hinted entry while the user's own partition also
   * returns the user's current composite; if that differs from the hint the counts are discarded
   * and the round is repeated with the current composite. So a stale hint costs a round, never a
   * wrong answer.
   */
  public Future<UserRank> userRank(Board b, String period, String userId, StoredEntry hint) {
    return userRank(b, period, userId, hint, false);
  }

  /** {@link #userRank}; with {@code withMeta} the user's metadata is read in the counting round. */
  public Future<UserRank> userRank(Board b, String period, String userId, StoredEntry hint, boolean withMeta) {
    if (hint == null) {
      return stored(b, period, userId).compose(e -> e == null
          ? Future.succeededFuture(new UserRank(null, 0, 0))
          : userRank(b, period, userId, e, withMeta));
    }
    StoredEntry pivot = new StoredEntry(userId, hint.composite(), null, hint.tie());
    return positions.count(b, period, List.of(pivot), List.of(), withMeta).compose(c -> {
      StoredEntry current = c.current()[0];
      if (current == null) {
        return Future.succeededFuture(new UserRank(null, 0, 0));
      }
      if (!current.samePlace(pivot)) {
        return userRank(b, period, userId, current, withMeta);
      }
      return Future.succeededFuture(new UserRank(current.withMeta(c.meta()[0]), c.before(0), c.total()));
    });
  }

  /** ZRANGE by rank in board order (ZREVRANGE on desc boards), with scores, on one partition. */
  static Call range(Board b, Route partition, long from, long to) {
    return Call.of(partition, Request.cmd(b.order() == Order.DESC ? Command.ZREVRANGE : Command.ZRANGE)
        .arg(Keys.scores(partition)).arg(from).arg(to).arg("WITHSCORES"));
  }

  /** {@link #range}, through {@code rows.lua} with each row's metadata when {@code withMeta}. */
  static Call rows(Board b, Route partition, long from, long to, boolean withMeta) {
    return withMeta ? Rows.range(partition, true, b.order() == Order.DESC ? "ZREVRANGE" : "ZRANGE", from, to,
        "WITHSCORES") : range(b, partition, from, to);
  }

  /** Loads the scripts on every node, so the first calls do not need to reload them. */
  public Future<Void> loadScripts() {
    return shards.loadScripts();
  }
}
