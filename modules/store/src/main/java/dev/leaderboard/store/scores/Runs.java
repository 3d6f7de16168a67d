package dev.leaderboard.store.scores;

import dev.leaderboard.core.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/** Rows read from partitions: each partition's rows are one run in board order; runs are k-way merged. */
public final class Runs {
  private Runs() {
  }

  /** k-way merge of runs that are each sorted in board order; keeps the first {@code limit}. */
  public static List<StoredEntry> merge(Order order, List<List<StoredEntry>> runs, int limit) {
    var cmp = StoredEntry.order(order);
    PriorityQueue<int[]> heads = new PriorityQueue<>((x, y) -> cmp.compare(runs.get(x[0]).get(x[1]), runs.get(y[0]).get(y[1])));
    for (int r = 0; r < runs.size(); r++) {
      if (!runs.get(r).isEmpty()) {
        heads.add(new int[] {r, 0});
      }
    }
    List<StoredEntry> out = new ArrayList<>();
    while (!heads.isEmpty() && out.size() < limit) {
      int[] h = heads.poll();
      out.add(runs.get(h[0]).get(h[1]));
      if (h[1] + 1 < runs.get(h[0]).size()) {
        heads.add(new int[] {h[0], h[1] + 1});
      }
    }
    return out;
  }
}
