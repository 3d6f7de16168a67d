package dev.leaderboard.service.periods;

import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.Reward;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.RewardRules;
import dev.leaderboard.service.reads.CohortRanking;
import dev.leaderboard.service.reads.RankMath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
    Map<Long, List<ArchivedEntry>> byCohort = new LinkedHashMap<>();
    for (int i = 0; i < ranking.size(); i++) {
      if (cohorts[i] > 0) {
        byCohort.computeIfAbsent(cohorts[i], c -> new ArrayList<>()).add(ranking.get(i));
      }
    }
    byCohort.forEach((cohort, members) -> CohortRanking.of(rules.mode(), members, ArchivedEntry::position,
        ArchivedEntry::score).forEach(place -> add(out, rules, place.member(), cohort, place.rank(), members.size())));
    return out;
  }

  private static void add(List<Reward> out, RewardRules rules, ArchivedEntry e, Long cohort, long rank, long total) {
    String reward = rules.rewardFor(rank, total);
    if (reward != null) {
      out.add(Reward.of(e.userId(), cohort, rank, e.score(), reward));
    }
  }
}
