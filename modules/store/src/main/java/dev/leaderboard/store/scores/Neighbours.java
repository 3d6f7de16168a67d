package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Order;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.TreeMap;

/**
 * An entry's neighbourhood over every partition (around-me), with native commands. Per partition, for
 * the entry's composite c: ZCARD, ZCOUNT of the strictly better composites, the nearest better rows,
 * and from c on the next rows, which begin with the run of rows at exactly c. A run at most
 * {@link Positions#SHORT_TIE} long is split around the entry by member bytes, whoever holds those
 * rows; only a longer run needs the rank script's {@code around}, in a further round for that
 * partition only.
 *
 * <p>Rows cost Redis most (formatting each score takes longer than the count), so the first round
 * reads only a few rows per side from each partition: the window's share and a margin
 * ({@link #share}). A partition whose rows may go on inside the window (it returned all it was
 * asked for, and the farthest of them is in the window) is read again with the full counts; with
 * hash-spread users that is a few requests in a hundred, one partition each.
 *
 * <p>Rows are read without their metadata; when it is asked for, a last round reads it for the rows
 * of the window only (one {@code HMGET} per partition holding some), not for every row read.
 */
record Neighbours(Shards shards) {
  /** Rows per side beyond a partition's even share of the window, in the first round. */
  static final int MARGIN = 3;


  /**
   * One partition's part: members before the entry, its size, and its rows on either side in board
   * order; {@code moreEarlier} / {@code moreFrom} when the partition may hold further rows beyond
   * the first / last of them.
   */
  private record Slice(long before, long card, List<StoredEntry> earlier, List<StoredEntry> from,
      boolean moreEarlier, boolean moreFrom) {
  }

  /** Rows per side asked of each partition first: its even share of {@code wanted}, and a margin. */
  static int share(int wanted, int partitions) {
    return Math.min(wanted, (wanted + partitions - 1) / partitions + MARGIN);
  }

  /**
   * @param withMeta whether the rows carry their metadata: read in one more round for the rows of the
   *     window only ({@link #withMetadata}), not for every row read
   */
  Future<Around> around(Board b, String period, StoredEntry e, int before, int after, boolean withMeta) {
    Future<Around> rows = around(b, period, e, before, after);
    return withMeta ? rows.compose(a -> withMetadata(b, period, a)) : rows;
  }

  private Future<Around> around(Board b, String period, StoredEntry e, int before, int after) {
    int atOrAfter = after + Positions.SHORT_TIE + 1;
    List<Route> keySets = Keys.keySets(shards, b, period);
    int n = keySets.size();
    return slices(b, period, keySets, e, share(before, n), share(atOrAfter, n), before, atOrAfter)
        .compose(slices -> {
          // the window as the rows read so far make it, the same for every partition
          List<StoredEntry> earlier = earlier(b, slices, before);
          List<StoredEntry> from = from(b, slices, after);
          List<Route> again = new ArrayList<>();
          for (int p = 0; p < slices.size(); p++) {
            if (!complete(b, slices.get(p), earlier, from)) {
              again.add(keySets.get(p));
            }
          }
          return again.isEmpty() ? Future.succeededFuture(slices)
              : slices(b, period, again, e, before, atOrAfter, before, atOrAfter).map(more -> {
                for (int k = 0; k < again.size(); k++) {
                  slices.set(again.get(k).partition(), more.get(k));
                }
                return slices;
              });
        })
        .map(slices -> merge(b, slices, before, after));
  }

  /**
   * Whether slice {@code s}'s rows cover its part of the window ({@code earlier} and {@code from}, over
   * every partition read): every row it did not return lies beyond the row it returned farthest on
   * that side, so outside the window unless that row is in it.
   */
  private static boolean complete(Board b, Slice s, List<StoredEntry> earlier, List<StoredEntry> from) {
    if (s == null) {
      return false;
    }
    Comparator<StoredEntry> order = StoredEntry.order(b.order());
    if (s.moreEarlier()) {
      if (earlier.isEmpty() || s.earlier().isEmpty() || order.compare(s.earlier().get(0), earlier.get(0)) >= 0) {
        return false;
      }
    }
    if (s.moreFrom()) {
      return !from.isEmpty() && !s.from().isEmpty()
          && order.compare(s.from().get(s.from().size() - 1), from.get(from.size() - 1)) > 0;
    }
    return true;
  }

  /**
   * The slices of {@code routes}, in their order, reading {@code earlierRows} and {@code fromRows} rows
   * per side; {@code null} for a partition whose run of rows at c needs the script (or, when the
   * rows read were cut short, a full read).
   */
  private Future<List<Slice>> slices(Board b, String period, List<Route> routes, StoredEntry e, int earlierRows,
      int fromRows, int before, int atOrAfter) {
    Order o = b.order();
    Comparator<StoredEntry> order = StoredEntry.order(o);
    String c = Long.toString(e.composite());
    return shards.eachPartition(routes, r -> List.of(
        RankCommands.card(r),
        RankCommands.countBetter(b, r, e.composite()),
        Rows.range(r, false, o.reversed().rangeByScore(), "(" + c, o.bestEnd(), "WITHSCORES", "LIMIT", 0, earlierRows),
        Rows.range(r, false, o.rangeByScore(), c, o.reversed().bestEnd(), "WITHSCORES", "LIMIT", 0, fromRows)))
        .compose(perRoute -> {
          List<Slice> slices = new ArrayList<>(Collections.nCopies(perRoute.size(), null));
          List<Route> tied = new ArrayList<>();
          for (int k = 0; k < perRoute.size(); k++) {
            List<Response> a = perRoute.get(k);
            List<StoredEntry> from = Rows.entries(a.get(3), false);
            boolean moreFrom = from.size() == fromRows && fromRows < atOrAfter;
            int run = 0;
            while (run < from.size() && from.get(run).composite() == e.composite()) {
              run++;
            }
            if (run > Positions.SHORT_TIE) {
              tied.add(routes.get(k));
              continue;
            }
            if (moreFrom && run == from.size()) {
              // the run at c may go on past the rows read: read the partition again in full
              continue;
            }
            int split = 0;
            while (split < run && order.compare(from.get(split), e) < 0) {
              split++;
            }
            List<StoredEntry> fetched = Rows.entries(a.get(2), false);
            boolean moreEarlier = fetched.size() == earlierRows && earlierRows < before;
            List<StoredEntry> earlier = new ArrayList<>(fetched);
            Collections.reverse(earlier);
            earlier.addAll(from.subList(0, split));
            slices.set(k, new Slice(a.get(1).toLong() + split, a.get(0).toLong(), earlier,
                from.subList(split, from.size()), moreEarlier, moreFrom));
          }
          return tied.isEmpty() ? Future.succeededFuture(slices)
              : scripted(b, e, before, atOrAfter - Positions.SHORT_TIE - 1, routes, tied, slices);
        });
  }

  /** The second round: the rank script's {@code around} on the partitions holding an exact tie. */
  private Future<List<Slice>> scripted(Board b, StoredEntry e, int before, int after, List<Route> routes,
      List<Route> tied, List<Slice> slices) {
    return shards.eachPartition(tied, r -> List.of(RankScript.around(b, r, e, before, after, false))).map(perRoute -> {
          for (int k = 0; k < tied.size(); k++) {
            Response r = perRoute.get(k).get(0);
            long n = r.get(0).toLong();
            List<StoredEntry> rows = new ArrayList<>();
            for (int i = 2; i + 1 < r.size(); i += 2) {
              StoredEntry row = StoredEntry.ofMember(r.get(i).toString(), StoredEntry.parseComposite(r.get(i + 1).toString()));
              rows.add(row);
            }
            int split = (int) Math.min(rows.size(), n - Math.max(0, n - before));
            slices.set(routes.indexOf(tied.get(k)), new Slice(n, r.get(1).toLong(), rows.subList(0, split),
                rows.subList(split, rows.size()), false, false));
          }
          return slices;
        });
  }

  /**
   * The window's rows with their metadata, from one HMGET per partition holding rows of the window (a
   * user's metadata lives on the user's own partition). Read after the rows, so from a state between
   * the request's arrival and its answer, like the rows; a row whose user left in between has none.
   */
  private Future<Around> withMetadata(Board b, String period, Around a) {
    List<StoredEntry> rows = new ArrayList<>(a.before().size() + a.from().size());
    rows.addAll(a.before());
    rows.addAll(a.from());
    if (rows.isEmpty()) {
      return Future.succeededFuture(a);
    }
    Map<Integer, List<Integer>> byPartition = new TreeMap<>();
    for (int i = 0; i < rows.size(); i++) {
      byPartition.computeIfAbsent(Keys.home(shards, b, period, rows.get(i).userId()).partition(),
          p -> new ArrayList<>()).add(i);
    }
    List<Call> calls = new ArrayList<>(byPartition.size());
    byPartition.forEach((p, indexes) -> {
      Route r = Keys.named(b, period, p);
      Request hmget = Request.cmd(Command.HMGET).arg(Keys.meta(r));
      indexes.forEach(i -> hmget.arg(rows.get(i).userId()));
      calls.add(Call.of(r, hmget));
    });
    return shards.dispatch(calls).map(answers -> {
      StoredEntry[] with = rows.toArray(new StoredEntry[0]);
      int c = 0;
      for (List<Integer> indexes : byPartition.values()) {
        Response metas = answers.get(c++);
        for (int k = 0; k < indexes.size(); k++) {
          Response m = metas.get(k);
          with[indexes.get(k)] = rows.get(indexes.get(k)).withMeta(m == null ? null : m.toString());
        }
      }
      List<StoredEntry> all = List.of(with);
      return new Around(a.position(), a.total(), all.subList(0, a.before().size()),
          all.subList(a.before().size(), all.size()));
    });
  }

  private static Around merge(Board b, List<Slice> slices, int before, int after) {
    long position = 0;
    long total = 0;
    for (Slice s : slices) {
      position += s.before();
      total += s.card();
    }
    return new Around(position, total, earlier(b, slices, before), from(b, slices, after));
  }

  /**
   * The {@code before} rows nearest before the entry, over every partition read so far, in board
   * order. Rows of a partition not read yet can only bring the window nearer to the entry.
   */
  private static List<StoredEntry> earlier(Board b, List<Slice> slices, int before) {
    List<List<StoredEntry>> runs = slices.stream().filter(Objects::nonNull).map(Slice::earlier).toList();
    List<StoredEntry> merged = Runs.merge(b.order(), runs, Integer.MAX_VALUE);
    return merged.subList(Math.max(0, merged.size() - before), merged.size());
  }

  /** The entry and the {@code after} - 1 rows after it, over every partition, in board order. */
  private static List<StoredEntry> from(Board b, List<Slice> slices, int after) {
    return Runs.merge(b.order(), slices.stream().filter(Objects::nonNull).map(Slice::from).toList(), after);
  }
}
