package dev.leaderboard.store.scores;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Order;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Future;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * An entry's neighbourhood over every partition (around-me), with native commands in one round. Per
 * partition, for the entry's composite c: ZCARD, ZCOUNT of the strictly better composites, the
 * nearest {@code before} better rows, and from c on the next {@code after} +
 * {@link Positions#SHORT_TIE} + 1 rows, which begin with the run of rows at exactly c. A run at most
 * {@link Positions#SHORT_TIE} long is split around the entry by member bytes, whoever holds those
 * rows; only a longer run needs the rank script's {@code around}, in a second round for that
 * partition only.
 */
final class Neighbours {
  private final Shards shards;

  Neighbours(Shards shards) {
    this.shards = shards;
  }

  /** One partition's part: members before the entry, its size, and its rows on either side in board order. */
  private record Slice(long before, long card, List<StoredEntry> earlier, List<StoredEntry> from) {
  }

  /** @param withMeta whether the rows carry their metadata (fetched in the same calls that read them) */
  Future<Around> around(Board b, String period, StoredEntry e, int before, int after, boolean withMeta) {
    Order o = b.order();
    Comparator<StoredEntry> order = StoredEntry.order(o);
    String c = Long.toString(e.composite());
    int atOrAfter = after + Positions.SHORT_TIE + 1;
    return shards.eachPartition(Keys.partitions(b, period), r -> {
      return List.of(
          RankCommands.card(r),
          RankCommands.countBetter(b, r, e.composite()),
          Rows.range(r, withMeta, o.reversed().rangeByScore(), "(" + c, o.bestEnd(), "WITHSCORES", "LIMIT", 0, before),
          Rows.range(r, withMeta, o.rangeByScore(), c, o.reversed().bestEnd(), "WITHSCORES", "LIMIT", 0, atOrAfter));
    }).compose(perPartition -> {
      List<Slice> slices = new ArrayList<>(Collections.nCopies(perPartition.size(), null));
      List<Route> tied = new ArrayList<>();
      for (int p = 0; p < perPartition.size(); p++) {
        List<Response> a = perPartition.get(p);
        List<StoredEntry> from = Rows.entries(a.get(3), withMeta);
        int run = 0;
        while (run < from.size() && from.get(run).composite() == e.composite()) {
          run++;
        }
        if (run > Positions.SHORT_TIE) {
          tied.add(Keys.partition(b, period, p));
          continue;
        }
        int split = 0;
        while (split < run && order.compare(from.get(split), e) < 0) {
          split++;
        }
        List<StoredEntry> earlier = new ArrayList<>(Rows.entries(a.get(2), withMeta));
        Collections.reverse(earlier);
        earlier.addAll(from.subList(0, split));
        from = from.subList(split, from.size());
        slices.set(p, new Slice(a.get(1).toLong() + split, a.get(0).toLong(), earlier, from));
      }
      return tied.isEmpty() ? Future.succeededFuture(slices) : scripted(b, e, before, after, tied, slices,
          withMeta);
    }).map(slices -> merge(b, slices, before, after));
  }

  /** The second round: the rank script's {@code around} on the partitions holding an exact tie. */
  private Future<List<Slice>> scripted(Board b, StoredEntry e, int before, int after, List<Route> tied,
      List<Slice> slices, boolean withMeta) {
    return shards.eachPartition(tied, r -> List.of(RankScript.around(b, r, e, before, after, withMeta))).map(perRoute -> {
          for (int k = 0; k < tied.size(); k++) {
            Response r = perRoute.get(k).get(0);
            long n = r.get(0).toLong();
            int width = withMeta ? 3 : 2;
            List<StoredEntry> rows = new ArrayList<>();
            for (int i = 2; i + width - 1 < r.size(); i += width) {
              StoredEntry row = StoredEntry.ofMember(r.get(i).toString(), StoredEntry.parseComposite(r.get(i + 1).toString()));
              rows.add(withMeta ? row.withMeta(r.get(i + 2).toString()) : row);
            }
            int split = (int) Math.min(rows.size(), n - Math.max(0, n - before));
            slices.set(tied.get(k).partition(), new Slice(n, r.get(1).toLong(), rows.subList(0, split),
                rows.subList(split, rows.size())));
          }
          return slices;
        });
  }

  private static Around merge(Board b, List<Slice> slices, int before, int after) {
    long position = 0;
    long total = 0;
    List<List<StoredEntry>> earlier = new ArrayList<>(slices.size());
    List<List<StoredEntry>> from = new ArrayList<>(slices.size());
    for (Slice s : slices) {
      position += s.before();
      total += s.card();
      earlier.add(s.earlier());
      from.add(s.from());
    }
    List<StoredEntry> merged = Runs.merge(b.order(), earlier, Integer.MAX_VALUE);
    return new Around(position, total, merged.subList(Math.max(0, merged.size() - before), merged.size()),
        Runs.merge(b.order(), from, after));
  }
}
