package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the page at global position {@code offset} without fetching {@code offset + limit} rows from
 * any partition: deep pages bracket each partition's cut by pivots, 3 rounds for hash-spread data
 * whatever the depth (docs/design.md, "Cross-shard reads").
 */
public final class PageSelector {
  /** Pages this shallow are read by merging partition heads. */
  static final long SHALLOW = 256;
  /** A bracket narrower than this is fetched; a wider one is narrowed first. */
  static final long MAX_WINDOW = 4096;
  private static final int MAX_REFINEMENTS = 16;

  private final Shards shards;
  private final long maxWindow;

  PageSelector(Shards shards, long maxWindow) {
    this.shards = shards;
    this.maxWindow = maxWindow;
  }

  /** @param withMeta whether the page's entries carry their metadata (fetched by the last round's calls) */
  Future<Page> page(Board b, String period, long offset, int limit, boolean withMeta) {
    if (offset < SHALLOW || offset <= 4L * limit) {
      return head(b, period, offset, limit, withMeta);
    }
    List<Route> keySets = Keys.keySets(shards, b, period);
    int partitions = keySets.size();
    long g = offset / partitions;
    long w = Math.max(limit, 3 * (long) Math.sqrt((double) g) + 1);
    long[] firstGuess = {Math.max(0, g - w), g, g + w};
    return shards.eachPartition(keySets, r -> {
      List<Call> calls = new ArrayList<>();
      calls.add(RankCommands.card(r));
      for (long i : firstGuess) {
        calls.add(RankCommands.range(b, r, i, i, false));
      }
      return calls;
    }).compose(answers -> {
      long[] card = new long[partitions];
      long total = 0;
      List<StoredEntry> pivots = new ArrayList<>();
      for (int p = 0; p < partitions; p++) {
        card[p] = answers.get(p).get(0).toLong();
        total += card[p];
        for (int k = 1; k < answers.get(p).size(); k++) {
          pivots.addAll(Rows.entries(answers.get(p).get(k), false));
        }
      }
      if (offset >= total) {
        return Future.succeededFuture(new Page(total, List.of()));
      }
      long all = total;
      Bracket whole = new Bracket(0, new long[partitions], total, card);
      return refine(b, period, offset, limit, whole, pivots, 0).compose(br -> fetch(b, period, offset, limit, br, all,
          withMeta));
    });
  }

  private Future<Page> head(Board b, String period, long offset, int limit, boolean withMeta) {
    long n = offset + limit;
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(
        RankCommands.card(r), RankCommands.range(b, r, 0, n - 1, withMeta)))
        .map(perPartition -> {
          long total = perPartition.stream().mapToLong(answers -> answers.get(0).toLong()).sum();
          List<StoredEntry> merged = Runs.merge(b.order(), Rows.runs(perPartition, 1, withMeta), (int) n);
          return new Page(total, merged.size() <= offset ? List.of() : merged.subList((int) offset, merged.size()));
        });
  }

  /** Global positions and per-partition local indexes; the entry at {@code offset} lies in [lo, hi). */
  private record Bracket(long loPos, long[] lo, long hiPos, long[] hi) {
    long width() {
      return hiPos - loPos;
    }
  }

  /** Counts the pivots' positions, tightens the bracket, and repeats with new pivots while it is wide. */
  private Future<Bracket> refine(Board b, String period, long offset, int limit, Bracket br, List<StoredEntry> pivots,
      int round) {
    if (pivots.isEmpty()) {
      return Future.succeededFuture(br);
    }
    return countPerPartition(b, period, pivots).compose(counts -> {
      Bracket next = br;
      for (int v = 0; v < pivots.size(); v++) {
        long pos = 0;
        long[] local = new long[counts.length];
        for (int p = 0; p < counts.length; p++) {
          local[p] = counts[p][v];
          pos += local[p];
        }
        if (pos <= offset && pos >= next.loPos()) {
          next = new Bracket(pos, local, next.hiPos(), next.hi());
        } else if (pos > offset && pos < next.hiPos()) {
          next = new Bracket(next.loPos(), next.lo(), pos, local);
        }
      }
      if (next.width() <= maxWindow + 4L * limit || round >= MAX_REFINEMENTS) {
        return Future.succeededFuture(next);
      }
      // interpolate inside the bracket: each partition's share of it, scaled to the target
      Bracket narrowed = next;
      double f = (double) (offset - next.loPos()) / next.width();
      return shards.eachPartition(Keys.keySets(shards, b, period), r -> {
        long lo = narrowed.lo()[r.partition()];
        long hi = narrowed.hi()[r.partition()];
        if (hi <= lo) {
          return List.of();
        }
        long span = hi - lo;
        long g = lo + (long) (f * span);
        long w = Math.max(1, 2 * (long) Math.sqrt((double) span));
        List<Call> calls = new ArrayList<>();
        for (long i : new long[] {g - w, g, g + w}) {
          long at = Math.max(lo, Math.min(hi - 1, i));
          calls.add(RankCommands.range(b, r, at, at, false));
        }
        return calls;
      }).compose(rows -> {
        List<StoredEntry> nextPivots = new ArrayList<>();
        for (List<Response> answers : rows) {
          for (Response r : answers) {
            nextPivots.addAll(Rows.entries(r, false));
          }
        }
        return refine(b, period, offset, limit, narrowed, nextPivots, round + 1);
      });
    });
  }

  private Future<long[][]> countPerPartition(Board b, String period, List<StoredEntry> pivots) {
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(RankScript.count(shards, b, r, pivots)))
        .map(perPartition -> {
          long[][] out = new long[perPartition.size()][pivots.size()];
          for (int p = 0; p < out.length; p++) {
            Response r = perPartition.get(p).get(0);
            for (int v = 0; v < pivots.size(); v++) {
              out[p][v] = r.get(v).toLong();
            }
          }
          return out;
        });
  }

  private Future<Page> fetch(Board b, String period, long offset, int limit, Bracket br, long total,
      boolean withMeta) {
    return shards.eachPartition(Keys.keySets(shards, b, period), r -> List.of(
        RankCommands.range(b, r, br.lo()[r.partition()], br.hi()[r.partition()] + limit - 1, withMeta)))
        .map(perPartition -> {
          int skip = (int) (offset - br.loPos());
          List<StoredEntry> merged = Runs.merge(b.order(), Rows.runs(perPartition, 0, withMeta), skip + limit);
          return new Page(total, merged.size() <= skip ? List.of() : merged.subList(skip, merged.size()));
        });
  }
}
