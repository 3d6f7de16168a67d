package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.store.StoredEntry;
import java.util.List;

/** Ranks within a list already in board order: a friend group, or a closed period's final ranking. */
final class Ranks {
  private Ranks() {
  }

  /** Ranks of entries sorted in board order, within those entries; equal scores are adjacent. */
  static long[] within(Board b, RankMode mode, List<StoredEntry> sorted) {
    long[] ranks = new long[sorted.size()];
    long distinct = 0;
    for (int i = 0; i < ranks.length; i++) {
      long score = b.codec().score(sorted.get(i).composite());
      boolean tie = i > 0 && b.codec().score(sorted.get(i - 1).composite()) == score;
      if (!tie) {
        distinct++;
      }
      ranks[i] = switch (mode) {
        case UNIQUE -> i + 1;
        case COMPETITION -> tie ? ranks[i - 1] : i + 1;
        case DENSE -> distinct;
      };
    }
    return ranks;
  }
}
