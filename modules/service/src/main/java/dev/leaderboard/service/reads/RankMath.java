package dev.leaderboard.service.reads;

import dev.leaderboard.core.Order;
import dev.leaderboard.core.RankMode;

/**
 * Rank arithmetic, with no I/O. An entry's <em>position</em> is the number of entries ordered
 * before it in the period (ties broken by time, then user ID), so its unique rank is position + 1.
 * Competition ranks give equal scores the rank of the first of them (1, 2, 2, 4); dense ranks count
 * distinct better scores (1, 2, 2, 3).
 */
public final class RankMath {
  private RankMath() {
  }

  public static long unique(long position) {
    return position + 1;
  }

  /** From the number of entries with a strictly better score. */
  public static long competition(long strictlyBetter) {
    return strictlyBetter + 1;
  }

  /** From the distinct scores better than some score, best first: the rank of {@code score}. */
  public static long dense(Order order, long[] betterBestFirst, long score) {
    long n = 0;
    for (long v : betterBestFirst) {
      if (!order.better(v, score)) {
        break;
      }
      n++;
    }
    return n + 1;
  }

  /**
   * The entry's percentile: the share of the period's entries not ranked ahead of it, in percent,
   * rounded half up to two decimals: {@code round(100 * (total - ahead) / total, 2)}; 100 for a
   * leader, 100/total for a sole last, 0 for an empty period. See {@link #ahead} for what counts.
   */
  public static double percentile(long ahead, long total) {
    return total == 0 ? 0 : Math.round(10000.0 * (total - ahead) / total) / 100.0;
  }

  /**
   * The entries ranked ahead of one, for its {@link #percentile}: in unique mode every entry ordered
   * before it ({@code position}); in competition and dense modes the entries with a strictly better
   * score ({@code competitionRank - 1}), so tied entries share a percentile as they share a rank.
   */
  public static long ahead(RankMode mode, long position, long competitionRank) {
    return mode == RankMode.UNIQUE ? position : competitionRank - 1;
  }

  /**
   * Ranks within a list already in board order (a friend group, a closed period's final ranking),
   * counted within the list itself; equal scores are adjacent.
   */
  public static long[] within(RankMode mode, long[] scoresInOrder) {
    long[] ranks = new long[scoresInOrder.length];
    long distinct = 0;
    for (int i = 0; i < ranks.length; i++) {
      boolean tie = i > 0 && scoresInOrder[i - 1] == scoresInOrder[i];
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
