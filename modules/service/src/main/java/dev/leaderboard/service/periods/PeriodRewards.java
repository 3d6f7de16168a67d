package dev.leaderboard.service.periods;

import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.Reward;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.RewardRules;
import dev.leaderboard.service.reads.RankMath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rewards of a closed period, with no I/O: each ranked user's final rank read by the board's
 * {@link RewardRules} (the first matching rule gives the reward; no match, no reward). Without
 * cohort placements the rank is the board rank among all the period's entries; with them it is the
 * rank within the user's cohort, counted among the cohort's ranked users, and a user placed in no
 * cohort gets none. Banned users are not in the final ranking, so they get none either.
 */
public final class PeriodRewards {
  private PeriodRewards() {
  }

  /**
   * @param ranking the period's final entries in board order (positions 0 … n − 1)
   * @param cohorts each entry's cohort by its place in {@code ranking} (0: placed in none); empty, or with
   *     no entry placed, on a board without cohorts
   */
  public static List<Reward> of(RewardRules rules, List<ArchivedEntry> ranking, long[] cohorts) {
    List<Reward> out = new ArrayList<>();
    if (rules.isEmpty()) {
      return out;
    }
    if (Arrays.stream(cohorts).noneMatch(c -> c > 0)) {
      long total = ranking.size();
      for (ArchivedEntry e : ranking) {
        long rank = rules.mode() == RankMode.UNIQUE ? RankMath.unique(e.position()) : e.competitionRank();
        add(out, rules, e, null, rank, total);
      }
      return out;
    }
    inCohorts(rules, ranking, cohorts, out);
    return out;
  }

  /**
   * The rewards by cohort rank: each cohort numbered as it first appears, its entries gathered in board
   * order (a counting sort over those numbers, no map of lists), then ranked among themselves; a
   * cohort's rewards in rank order, the cohorts in the order of their best entries.
   */
  private static void inCohorts(RewardRules rules, List<ArchivedEntry> ranking, long[] cohorts, List<Reward> out) {
    Map<Long, Integer> number = new HashMap<>();
    List<Long> ids = new ArrayList<>();
    // each entry's cohort number (-1: in no cohort)
    int[] numbered = new int[ranking.size()];
    for (int i = 0; i < numbered.length; i++) {
      numbered[i] = cohorts[i] > 0 ? number.computeIfAbsent(cohorts[i], c -> {
        ids.add(c);
        return ids.size() - 1;
      }) : -1;
    }
    int[] start = new int[ids.size() + 1];
    for (int k : numbered) {
      if (k >= 0) {
        start[k + 1]++;
      }
    }
    for (int k = 0; k < ids.size(); k++) {
      start[k + 1] += start[k];
    }
    int[] next = Arrays.copyOf(start, ids.size());
    int[] order = new int[start[ids.size()]];
    for (int i = 0; i < numbered.length; i++) {
      if (numbered[i] >= 0) {
        order[next[numbered[i]]++] = i;
      }
    }
    for (int k = 0; k < ids.size(); k++) {
      long[] scores = new long[start[k + 1] - start[k]];
      for (int j = 0; j < scores.length; j++) {
        scores[j] = ranking.get(order[start[k] + j]).score();
      }
      long[] ranks = RankMath.within(rules.mode(), scores);
      for (int j = 0; j < ranks.length; j++) {
        add(out, rules, ranking.get(order[start[k] + j]), ids.get(k), ranks[j], ranks.length);
      }
    }
  }

  private static void add(List<Reward> out, RewardRules rules, ArchivedEntry e, Long cohort, long rank, long total) {
    String reward = rules.rewardFor(rank, total);
    if (reward != null) {
      out.add(Reward.of(e.userId(), cohort, rank, e.score(), reward));
    }
  }
}
