package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Rounds;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The one entrance to board scores: a write is one Lua call on the user's partition, a read one dispatch per round.
 * The reads a user's rank, a page and around-me make go in coalesced {@link Rounds}: concurrent users'
 * lookups of one board and period share one round, their rank pivots are counted together, and
 * identical pages are read once.
 */
public final class ScoreStore {
  private final Shards shards;
  private final PageSelector pages;
  private final Positions positions;
  private final Neighbours neighbours;
  private final EntryLookups lookups;
  private final ScoreSpread spread;
  private final Rounds<Board, SubmitAsk, SubmitOutcome> submitRounds;
  private final Rounds<PageAsk, Boolean, Page> pageRounds;
  private final Rounds<PeriodAsk, String, ScoreLookup> lookupRounds;
  private final Rounds<PeriodAsk, List<StoredEntry>, List<Positions.Pivot>> countRounds;

  /**
   * Pivots counted by one script call per shard at most: a round holding more (many friend boards of
   * a thousand at once) is counted in calls of this many, so no call holds a shard for long.
   */
  static final int PIVOTS_PER_CALL = 1000;

  /** The reads that merge: one board's period, with or without the entries' metadata. */
  private record PeriodAsk(Board b, String period, boolean withMeta) {
  }

  /** Identical page reads. */
  private record PageAsk(Board b, String period, long offset, int limit, boolean withMeta) {
  }

  public ScoreStore(Shards shards) {
    this(shards, PageSelector.MAX_WINDOW);
  }

  /** With a narrower deep-page window than the default, so tests can force the refining rounds. */
  public ScoreStore(Shards shards, long maxWindow) {
    this.shards = shards;
    this.positions = new Positions(shards);
    this.neighbours = new Neighbours(shards);
    this.lookups = new EntryLookups(shards);
    this.spread = new ScoreSpread(shards);
    this.pages = new PageSelector(shards, maxWindow);
    this.submitRounds = new Rounds<>(Rounds.MAX_WAITING, this::submitEach);
    this.pageRounds = new Rounds<>(Rounds.MAX_WAITING, (k, asks) -> pages.page(k.b(), k.period(), k.offset(), k.limit(),
        k.withMeta()).map(page -> Collections.nCopies(asks.size(), page)));
    this.lookupRounds = new Rounds<>(Rounds.MAX_WAITING, (k, users) -> lookups.lookups(k.b(), k.period(), users,
        k.withMeta()));
    this.countRounds = new Rounds<>(Rounds.MAX_WAITING, this::countRound);
  }

  /** Exact at any depth ({@link PageSelector}). */
  public Future<Page> page(Board b, String period, long offset, int limit) {
    return page(b, period, offset, limit, false);
  }

  public Future<Page> page(Board b, String period, long offset, int limit, boolean withMeta) {
    return pageRounds.ask(new PageAsk(b, period, offset, limit, withMeta), Boolean.TRUE);
  }

  public Shards shards() {
    return shards;
  }

  /**
   * One event, in the board's next round of single submits: the round's events go as one pipelined
   * batch per shard, in arrival order, each its own script call with its own answer.
   */
  public Future<SubmitOutcome> submit(Board b, SubmitCommand c, long nowMillis, long dedupeMillis) {
    return submitRounds.ask(b, new SubmitAsk(c, nowMillis, dedupeMillis)).compose(o -> o.failure() == null
        ? Future.succeededFuture(o) : Future.failedFuture(o.failure()));
  }

  /** Where a write may be sent twice ({@link Shards#resendsWrites}), an ID so the resend is deduplicated. */
  private SubmitCommand withEventId(SubmitCommand c) {
    return c.eventId() != null || !shards.resendsWrites() ? c
        : c.withEventId(ServerEventIds.next());
  }

  /** Events of one user keep their order; a node that fails fails only its own events. */
  public Future<List<SubmitOutcome>> submitAll(Board b, List<SubmitCommand> commands, long nowMillis,
      long dedupeMillis) {
    return submitEach(b, commands.stream().map(c -> new SubmitAsk(c, nowMillis, dedupeMillis)).toList());
  }

  /**
   * Events on several boards ({@code boards.get(i)} takes {@code commands.get(i)}, with its board's
   * deduplication window {@code dedupeMillis.get(i)}): one pipelined round per shard for all of them,
   * events of one user on one board in their order; a node that fails fails only its own events.
   */
  public Future<List<SubmitOutcome>> submitAll(List<Board> boards, List<SubmitCommand> commands, long nowMillis,
      List<Long> dedupeMillis) {
    List<SubmitAsk> asks = new ArrayList<>(commands.size());
    for (int i = 0; i < commands.size(); i++) {
      asks.add(new SubmitAsk(commands.get(i), nowMillis, dedupeMillis.get(i)));
    }
    return submitEach(boards, asks);
  }

  /** An event with the time it is applied at and its board's deduplication window. */
  private record SubmitAsk(SubmitCommand command, long nowMillis, long dedupeMillis) {
  }

  private Future<List<SubmitOutcome>> submitEach(Board b, List<SubmitAsk> asks) {
    return submitEach(Collections.nCopies(asks.size(), b), asks);
  }

  private Future<List<SubmitOutcome>> submitEach(List<Board> boards, List<SubmitAsk> asks) {
    List<Call> calls = new ArrayList<>(asks.size());
    boolean[] ours = new boolean[asks.size()];
    for (int i = 0; i < asks.size(); i++) {
      SubmitAsk a = asks.get(i);
      SubmitCommand keyed = withEventId(a.command());
      ours[i] = keyed != a.command();
      calls.add(SubmitScript.call(shards, boards.get(i), keyed, a.nowMillis(), a.dedupeMillis()));
    }
    return shards.dispatchEach(calls).map(replies -> {
      List<SubmitOutcome> out = new ArrayList<>(replies.size());
      for (int i = 0; i < replies.size(); i++) {
        Shards.Reply r = replies.get(i);
        out.add(r.failure() == null ? SubmitScript.outcome(asks.get(i).command().userId(), r.response(), ours[i])
            : SubmitOutcome.failed(r.failure()));
      }
      return out;
    });
  }

  /** {@code null} when none. */
  public Future<StoredEntry> entry(Board b, String period, String userId, boolean withMeta) {
    return lookupRounds.ask(new PeriodAsk(b, period, withMeta), userId).compose(found -> found.reached()
        ? Future.succeededFuture(found.entry())
        : Future.failedFuture(StoreUnavailableException.redis(found.shard(), null)));
  }

  public Future<StoredEntry> stored(Board b, String period, String userId) {
    return entry(b, period, userId, false);
  }

  /** {@code null} where absent, in the order asked. */
  public Future<List<StoredEntry>> entries(Board b, String period, List<String> userIds) {
    return lookups.entries(b, period, userIds);
  }

  /** Like {@link #entries}, but a shard that does not answer fails only its own users. */
  public Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds, boolean withMeta) {
    return lookups.lookups(b, period, userIds, withMeta);
  }

  public Future<List<ScoreLookup>> lookups(Board b, String period, List<String> userIds) {
    return lookups.lookups(b, period, userIds, false);
  }

  /**
   * Per pivot the members ordered before it, per score those strictly better, and the total. Pivots
   * alone (a user's rank, ranks for a list, a friend or cohort board's global ranks) join the board
   * period's next round of counts.
   */
  public Future<RankCounts> counts(Board b, String period, List<StoredEntry> pivots, List<Long> scores) {
    if (!pivots.isEmpty() && scores.isEmpty()) {
      return countRounds.ask(new PeriodAsk(b, period, false), pivots).map(counted -> {
        long[] before = new long[counted.size()];
        StoredEntry[] current = new StoredEntry[counted.size()];
        for (int i = 0; i < before.length; i++) {
          before[i] = counted.get(i).before();
          current[i] = counted.get(i).current();
        }
        return new RankCounts(counted.get(0).total(), before, new long[0], current);
      });
    }
    return positions.count(b, period, pivots, scores).map(c -> {
      long[] before = new long[pivots.size()];
      for (int i = 0; i < before.length; i++) {
        before[i] = c.before(i);
      }
      return new RankCounts(c.total(), before, c.better(), c.current());
    });
  }

  public Future<List<StoredEntry>> head(Board b, String period, int n) {
    if (n <= 0) {
      return Future.succeededFuture(List.of());
    }
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(RankCommands.range(b, r, 0, n - 1, false)))
        .map(perPartition -> Runs.merge(b.order(), Rows.runs(perPartition, 0, false), n));
  }

  /** Up to {@code before} entries before {@code e} and {@code after} from it (the entry first). */
  public Future<Around> around(Board b, String period, StoredEntry e, int before, int after) {
    return around(b, period, e, before, after, false);
  }

  public Future<Around> around(Board b, String period, StoredEntry e, int before, int after, boolean withMeta) {
    return neighbours.around(b, period, e, before, after, withMeta);
  }

  /** {@code {lowest, highest}} score of the period in one round, or {@code null} when it holds no entry. */
  public Future<long[]> scoreRange(Board b, String period) {
    return spread.range(b, period);
  }

  /** Per score range {@code [edges[i], edges[i + 1])}, the period's entries in it, in one round. */
  public Future<long[]> countBetween(Board b, String period, long[] edges) {
    return spread.counts(b, period, edges);
  }

  /** Sorted best first; costs as many values as there are such scores per partition. */
  public Future<long[]> distinctBetter(Board b, String period, long score) {
    String[] bounds = b.order().betterThan(score);
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(Call.of(r,
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

  /** What makes two pivots one count: the same user holding the same member and composite. */
  private record PivotKey(String userId, String member, long composite) {
  }

  /**
   * One round of counts: every ask's pivots counted together, each distinct pivot once (the members of
   * one cohort, or one user, asked about by several requests of the round share a count), in calls of
   * at most {@link #PIVOTS_PER_CALL} pivots; each ask gets its own pivots' counts back, in its order.
   */
  private Future<List<List<Positions.Pivot>>> countRound(PeriodAsk k, List<List<StoredEntry>> asks) {
    Map<PivotKey, Integer> seen = new HashMap<>();
    List<StoredEntry> distinct = new ArrayList<>();
    int[][] at = new int[asks.size()][];
    for (int i = 0; i < asks.size(); i++) {
      List<StoredEntry> ask = asks.get(i);
      at[i] = new int[ask.size()];
      for (int j = 0; j < ask.size(); j++) {
        StoredEntry e = ask.get(j);
        Integer index = seen.putIfAbsent(new PivotKey(e.userId(), e.member(), e.composite()), distinct.size());
        if (index == null) {
          index = distinct.size();
          distinct.add(e);
        }
        at[i][j] = index;
      }
    }
    List<Future<List<Positions.Pivot>>> calls = new ArrayList<>();
    for (int from = 0; from < distinct.size(); from += PIVOTS_PER_CALL) {
      calls.add(positions.pivots(k.b(), k.period(), distinct.subList(from, Math.min(distinct.size(),
          from + PIVOTS_PER_CALL)), k.withMeta()));
    }
    return Future.all(calls).map(done -> {
      List<Positions.Pivot> counted = new ArrayList<>(distinct.size());
      for (int c = 0; c < done.size(); c++) {
        counted.addAll(done.resultAt(c));
      }
      List<List<Positions.Pivot>> out = new ArrayList<>(asks.size());
      for (int[] indexes : at) {
        List<Positions.Pivot> answer = new ArrayList<>(indexes.length);
        for (int index : indexes) {
          answer.add(counted.get(index));
        }
        out.add(answer);
      }
      return out;
    });
  }

  /** @param entry {@code null} when the user has no score */
  public record UserRank(StoredEntry entry, long before, long total) {
  }

  /** With a hint (the composite last seen) one round; a stale hint costs a round, never a wrong answer. */
  public Future<UserRank> userRank(Board b, String period, String userId, StoredEntry hint) {
    return userRank(b, period, userId, hint, false);
  }

  public Future<UserRank> userRank(Board b, String period, String userId, StoredEntry hint, boolean withMeta) {
    if (hint == null) {
      return stored(b, period, userId).compose(e -> e == null
          ? Future.succeededFuture(new UserRank(null, 0, 0))
          : userRank(b, period, userId, e, withMeta));
    }
    StoredEntry pivot = new StoredEntry(userId, hint.composite(), null, hint.tie());
    return countRounds.ask(new PeriodAsk(b, period, withMeta), List.of(pivot)).map(counted -> counted.get(0)).compose(c -> {
      StoredEntry current = c.current();
      if (current == null) {
        return Future.succeededFuture(new UserRank(null, 0, 0));
      }
      if (!current.samePlace(pivot)) {
        return userRank(b, period, userId, current, withMeta);
      }
      return Future.succeededFuture(new UserRank(current.withMeta(c.meta()), c.before(), c.total()));
    });
  }

  /** Its scripts, so the first calls need not load them. */
  public Future<Void> loadScripts() {
    return shards.loadScripts(List.of(SubmitScript.SCRIPT, RankScript.SCRIPT, CountsScript.SCRIPT, Rows.SCRIPT,
        MetaStore.SCRIPT));
  }
}
