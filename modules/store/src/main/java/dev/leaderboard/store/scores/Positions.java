package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Counts, on every partition, the members ordered before given entries in one round: one script call
 * per node for several entries ({@code counts.lua}), native commands for one, where only a tie longer
 * than {@link #SHORT_TIE} needs a second round through the rank script. See docs/design.md,
 * "Cross-shard reads".
 */
record Positions(Shards shards) {
  /**
   * Above this many pivots one script call per node counts them all on each of its partitions
   * ({@code counts.lua}): two native commands per pivot and partition cost Redis less, but every
   * command costs the node as much to encode, decode and complete as the whole script call, and pivots
   * come in merged rounds.
   */
  static final int NATIVE_PIVOTS = 1;
  /** Runs of equal composites up to this long are counted from the first round. */
  static final int SHORT_TIE = 8;


  /**
   * @param cards members per partition
   * @param before per partition, per pivot: members of that partition ordered before the pivot
   * @param current per pivot: the entry the pivot's user has now on their own partition ({@code null}
   *     if none)
   * @param better per score: members (all partitions) whose score is strictly better
   * @param meta per pivot: its user's metadata when asked for and present, else {@code null}
   */
  record Counts(long[] cards, long[][] before, StoredEntry[] current, long[] better, String[] meta) {
    long total() {
      long t = 0;
      for (long c : cards) {
        t += c;
      }
      return t;
    }

    long before(int pivot) {
      long n = 0;
      for (long[] perPivot : before) {
        n += perPivot[pivot];
      }
      return n;
    }
  }

  /**
   * One pivot's count: the members before it on every partition, the total, the entry its user has
   * now ({@code null} if none) and that user's metadata when asked for.
   */
  record Pivot(long before, long total, StoredEntry current, String meta) {
  }

  /** Each pivot's count, all in one round (a round of merged requests, see {@link ScoreStore}). */
  Future<List<Pivot>> pivots(Board b, String period, List<StoredEntry> pivots, boolean withMeta) {
    return count(b, period, pivots, List.of(), withMeta).map(c -> {
      long total = c.total();
      List<Pivot> out = new ArrayList<>(pivots.size());
      for (int i = 0; i < pivots.size(); i++) {
        out.add(new Pivot(c.before(i), total, c.current()[i], c.meta()[i]));
      }
      return out;
    });
  }

  Future<Counts> count(Board b, String period, List<StoredEntry> pivots, List<Long> scores) {
    return count(b, period, pivots, scores, false);
  }

  Future<Counts> count(Board b, String period, List<StoredEntry> pivots, List<Long> scores, boolean withMeta) {
    return (pivots.size() > NATIVE_PIVOTS ? scripted(b, period, pivots, scores, withMeta)
        : nativeCount(b, period, pivots, scores, withMeta)).map(c -> withoutOwnNewer(b, pivots, c));
  }

  /**
   * A pivot is never counted behind its own user. When the user's entry moved between the read that
   * gave the pivot and the count (a write of the same user in between), the count on the user's own
   * partition saw the newer entry; if that one is ordered before the pivot it is taken out again, so
   * the pivot is ranked among the others as they are now (docs/design.md, "Cross-shard reads").
   */
  private Counts withoutOwnNewer(Board b, List<StoredEntry> pivots, Counts c) {
    Comparator<StoredEntry> order = StoredEntry.order(b.order());
    for (int i = 0; i < pivots.size(); i++) {
      StoredEntry pivot = pivots.get(i);
      StoredEntry now = c.current()[i];
      if (now != null && !now.samePlace(pivot) && order.compare(now, pivot) < 0) {
        c.before()[shards.keySetOf(Partitioner.partitionOf(pivot.userId(), b.partitions()))][i]--;
      }
    }
    return c;
  }

  /**
   * One script call per node counting every pivot on each of its partitions (with their cards), then
   * on every partition the strictly-better counts and, on each pivot's own partition, its user's
   * current entry (and metadata when asked for).
   */
  private Future<Counts> scripted(Board b, String period, List<StoredEntry> pivots, List<Long> scores,
      boolean withMeta) {
    int[] home = homes(b, pivots);
    List<Route> routes = Keys.keySets(shards, b, period);
    List<List<Route>> groups = shards.scriptGroups(routes);
    List<Call> calls = new ArrayList<>(groups.size() + routes.size() * scores.size() + pivots.size() * 2);
    for (List<Route> group : groups) {
      calls.add(CountsScript.count(b, group, pivots, home));
    }
    // on a packed board the script reads each pivot's current entry too
    boolean finds = b.wide();
    int[] firstOf = new int[routes.size()];
    for (Route r : routes) {
      firstOf[r.partition()] = calls.size();
      calls.addAll(RankCommands.countBetterScores(b, r, scores));
      addFinds(b, r, pivots, home, finds, withMeta, calls);
    }
    return shards.dispatch(calls).map(answers -> {
      int partitions = routes.size();
      int n = pivots.size();
      long[] cards = new long[partitions];
      long[][] before = new long[partitions][n];
      long[] better = new long[scores.size()];
      StoredEntry[] current = new StoredEntry[n];
      String[] meta = new String[n];
      for (int g = 0; g < groups.size(); g++) {
        Response counted = answers.get(g);
        List<Route> group = groups.get(g);
        int held = group.size() * (n + 1);
        for (int k = 0; k < group.size(); k++) {
          int p = group.get(k).partition();
          cards[p] = CountsScript.card(counted, k, n);
          for (int i = 0; i < n; i++) {
            before[p][i] = CountsScript.before(counted, k, n, i);
          }
        }
        for (int i = 0; !finds && i < n; i++) {
          if (CountsScript.holds(group, home[i])) {
            current[i] = EntryLookups.stored(pivots.get(i).userId(), counted.get(held++));
          }
        }
      }
      for (int p = 0; p < partitions; p++) {
        for (int s = 0; s < better.length; s++) {
          better[s] += answers.get(firstOf[p] + s).toLong();
        }
        readFinds(pivots, home, p, finds, withMeta, answers, firstOf[p] + better.length, current, meta);
      }
      return new Counts(cards, before, current, better, meta);
    });
  }

  /** Each pivot's own key set's index. */
  private int[] homes(Board b, List<StoredEntry> pivots) {
    int[] home = new int[pivots.size()];
    for (int i = 0; i < home.length; i++) {
      home[i] = shards.keySetOf(Partitioner.partitionOf(pivots.get(i).userId(), b.partitions()));
    }
    return home;
  }

  /**
   * On partition {@code r}, each of its pivots' users' entry (when {@code finds}), then their metadata
   * when asked for.
   */
  private static void addFinds(Board b, Route r, List<StoredEntry> pivots, int[] home, boolean finds,
      boolean withMeta, List<Call> calls) {
    for (int i = 0; finds && i < home.length; i++) {
      if (home[i] == r.partition()) {
        calls.add(EntryLookups.find(b, r, pivots.get(i).userId()));
      }
    }
    for (int i = 0; withMeta && i < home.length; i++) {
      if (home[i] == r.partition()) {
        calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.meta(r)).arg(pivots.get(i).userId())));
      }
    }
  }

  /** Reads what {@link #addFinds} asked of partition {@code p}, from answer {@code at} on. */
  private static void readFinds(List<StoredEntry> pivots, int[] home, int p, boolean finds, boolean withMeta,
      List<Response> answers, int at, StoredEntry[] current, String[] meta) {
    int next = at;
    for (int i = 0; finds && i < home.length; i++) {
      if (home[i] == p) {
        current[i] = EntryLookups.stored(pivots.get(i).userId(), answers.get(next++));
      }
    }
    for (int i = 0; withMeta && i < home.length; i++) {
      if (home[i] == p) {
        Response m = answers.get(next++);
        meta[i] = m == null ? null : m.toString();
      }
    }
  }

  private Future<Counts> nativeCount(Board b, String period, List<StoredEntry> pivots, List<Long> scores,
      boolean withMeta) {
    List<Route> keySets = Keys.keySets(shards, b, period);
    int partitions = keySets.size();
    int[] home = homes(b, pivots);
    return shards.eachPartition(keySets, r -> {
      List<Call> calls = new ArrayList<>(1 + 2 * pivots.size() + scores.size());
      calls.add(RankCommands.card(r));
      for (int i = 0; i < home.length; i++) {
        StoredEntry e = pivots.get(i);
        if (home[i] == r.partition()) {
          calls.add(EntryLookups.find(b, r, e.userId()));
          calls.add(RankCommands.rank(b, r, e.member()));
        } else {
          calls.add(RankCommands.countBetter(b, r, e.composite()));
          calls.add(Call.of(r, Request.cmd(Command.ZRANGEBYSCORE).arg(Keys.scores(r)).arg(e.composite())
              .arg(e.composite()).arg("LIMIT").arg(0).arg(SHORT_TIE + 1)));
        }
      }
      calls.addAll(RankCommands.countBetterScores(b, r, scores));
      // metadata of the pivots' users, last, on their own partitions
      for (int i = 0; withMeta && i < home.length; i++) {
        if (home[i] == r.partition()) {
          calls.add(Call.of(r, Request.cmd(Command.HGET).arg(Keys.meta(r)).arg(pivots.get(i).userId())));
        }
      }
      return calls;
    }).compose(perPartition -> {
      long[] cards = new long[partitions];
      long[][] before = new long[partitions][pivots.size()];
      StoredEntry[] current = new StoredEntry[pivots.size()];
      String[] meta = new String[pivots.size()];
      long[] better = new long[scores.size()];
      List<List<Integer>> ties = new ArrayList<>(partitions);
      boolean anyTie = false;
      for (int p = 0; p < partitions; p++) {
        List<Response> answers = perPartition.get(p);
        cards[p] = answers.get(0).toLong();
        List<Integer> tied = new ArrayList<>();
        for (int i = 0; i < home.length; i++) {
          Response first = answers.get(1 + 2 * i);
          Response second = answers.get(2 + 2 * i);
          if (home[i] == p) {
            current[i] = EntryLookups.stored(pivots.get(i).userId(), first);
            if (current[i] != null && current[i].samePlace(pivots.get(i)) && second != null) {
              before[p][i] = second.toLong();
            } else {
              tied.add(i);
            }
          } else if (second.size() <= SHORT_TIE) {
            before[p][i] = first.toLong() + beforeInTie(b, second, pivots.get(i).member());
          } else {
            tied.add(i);
          }
        }
        for (int s = 0; s < better.length; s++) {
          better[s] += answers.get(1 + 2 * home.length + s).toLong();
        }
        int nextMeta = 1 + 2 * home.length + better.length;
        for (int i = 0; withMeta && i < home.length; i++) {
          if (home[i] == p) {
            Response m = answers.get(nextMeta++);
            meta[i] = m == null ? null : m.toString();
          }
        }
        anyTie |= !tied.isEmpty();
        ties.add(tied);
      }
      Counts counts = new Counts(cards, before, current, better, meta);
      return anyTie ? resolveTies(b, period, pivots, ties, counts) : Future.succeededFuture(counts);
    });
  }

  /** Members are ASCII, so {@link String#compareTo} is Redis' byte order. */
  private static long beforeInTie(Board b, Response run, String member) {
    Comparator<String> bytes = b.order().ranking(String::compareTo);
    long n = 0;
    for (Response m : run) {
      if (bytes.compare(m.toString(), member) < 0) {
        n++;
      }
    }
    return n;
  }

  /** The second round: the rank script counts, on each partition with a tie, the pivots that hit one. */
  private Future<Counts> resolveTies(Board b, String period, List<StoredEntry> pivots, List<List<Integer>> ties,
      Counts counts) {
    List<Route> routes = new ArrayList<>();
    List<List<Integer>> asked = new ArrayList<>();
    for (int p = 0; p < ties.size(); p++) {
      if (!ties.get(p).isEmpty()) {
        routes.add(Keys.named(b, period, p));
        asked.add(ties.get(p));
      }
    }
    return shards.eachPartition(routes, r -> List.of(RankScript.count(shards, b, r,
        ties.get(r.partition()).stream().map(pivots::get).toList()))).map(perRoute -> {
          for (int k = 0; k < routes.size(); k++) {
            Response answer = perRoute.get(k).get(0);
            List<Integer> pivotIndexes = asked.get(k);
            for (int j = 0; j < pivotIndexes.size(); j++) {
              counts.before()[routes.get(k).partition()][pivotIndexes.get(j)] = answer.get(j).toLong();
            }
          }
          return counts;
        });
  }
}
