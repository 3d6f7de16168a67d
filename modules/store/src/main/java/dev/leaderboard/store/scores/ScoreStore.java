package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Scores of board periods spread over partitions, and the one entrance to them: writes are one Lua
 * call on the user's partition, reads one {@link Shards#dispatch} per round; the algorithms behind
 * the reads live in {@link EntryLookups}, {@link Positions}, {@link Neighbours} and {@link PageSelector}.
 */
public final class ScoreStore {
  private final Shards shards;
  private final PageSelector pages;
  private final Positions positions;
  private final Neighbours neighbours;
  private final EntryLookups lookups;

  public ScoreStore(Shards shards) {
    this(shards, PageSelector.MAX_WINDOW);
  }

  /** With a narrower deep-page window than the default, so tests can force the refining rounds. */
  public ScoreStore(Shards shards, long maxWindow) {
    this.shards = shards;
    this.positions = new Positions(shards);
    this.neighbours = new Neighbours(shards);
    this.lookups = new EntryLookups(shards);
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
    return shards.send(SubmitScript.call(b, keyed, nowMillis, dedupeMillis))
        .map(r -> SubmitScript.outcome(c.userId(), r, keyed != c));
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
      calls.add(SubmitScript.call(b, keyed, nowMillis, dedupeMillis));
    }
    return shards.dispatchEach(calls).map(replies -> {
      List<SubmitOutcome> out = new ArrayList<>(replies.size());
      for (int i = 0; i < replies.size(); i++) {
        Shards.Reply r = replies.get(i);
        out.add(r.failure() == null ? SubmitScript.outcome(commands.get(i).userId(), r.response(), ours[i])
            : SubmitOutcome.failed(r.failure()));
      }
      return out;
    });
  }

  /**
   * The user's entry in a period ({@code null} when none); with {@code withMeta} its metadata too,
   * read in the same pipelined batch ({@link EntryLookups}).
   */
  public Future<StoredEntry> entry(Board b, String period, String userId, boolean withMeta) {
    return lookups.entry(b, period, userId, withMeta);
  }

  /** The user's entry in a period (without metadata), or {@code null}. */
  public Future<StoredEntry> stored(Board b, String period, String userId) {
    return lookups.stored(b, period, userId);
  }

  /** The users' entries ({@code null} where absent), in the order asked, in one round. */
  public Future<List<StoredEntry>> entries(Board b, String period, List<String> userIds) {
    return lookups.entries(b, period, userIds);
  }

  /**
   * Like {@link #entries}, but a shard that does not answer fails only its own users: each user
   * gets an entry (or none) from a shard that answered, or the index of the shard that did not
   * ({@link Shards#dispatchEach}); with {@code withMeta} the users' metadata too, in the same batch.
   */
  public Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds, boolean withMeta) {
    return lookups.lookups(b, period, userIds, withMeta);
  }

  /** {@link #lookups(Board, String, List, boolean)} without metadata. */
  public Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds) {
    return lookups.lookups(b, period, userIds, false);
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

  /** The first {@code n} entries of the period in board order, merged from every partition's head. */
  public Future<List<StoredEntry>> head(Board b, String period, int n) {
    if (n <= 0) {
      return Future.succeededFuture(List.of());
    }
    return shards.eachPartition(Keys.partitions(b, period), r -> List.of(RankCommands.range(b, r, 0, n - 1, false)))
        .map(perPartition -> Runs.merge(b.order(), Rows.runs(perPartition, 0, false), n));
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
    String[] bounds = b.order().betterThan(score);
    return shards.eachPartition(Keys.partitions(b, period), r -> List.of(Call.of(r,
        Request.cmd(Command.ZRANGEBYSCORE).arg(Keys.distinct(r)).arg(bounds[0]).arg(bounds[1])))).map(perPartition -> {
          TreeSet<Long> union = new TreeSet<>(b.order()::compare);
          for (List<Response> answers : perPartition) {
            for (Response v : answers.get(0)) {
              union.add(Long.parseLong(v.toString()));
            }
          }
          return union.stream().mapToLong(Long::longValue).toArray();
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
   * The user's global position: ZSCORE on the user's partition, then the counts on every partition.
   * With a hint (the composite last seen) one round, the user's partition also returning the current
   * composite; if it differs the round is repeated with it, so a stale hint costs a round, never a
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

  /** Loads the scripts on every node, so the first calls do not need to reload them. */
  public Future<Void> loadScripts() {
    return shards.loadScripts();
  }
}
