package dev.leaderboard.service.periods;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.Reward;
import dev.leaderboard.core.Board;
import dev.leaderboard.service.RewardReference;
import dev.leaderboard.service.RewardReference.Expected;
import dev.leaderboard.service.RewardReference.Final;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The rewards of a final ranking, by board rank and by cohort rank, against {@link RewardReference}. */
@ExtendWith(TestSeed.class)
class PeriodRewardsTest {

  @RepeatedTest(20)
  void randomRankingsGetTheReferenceRewardsByBoardAndByCohortRank(Random rnd) {
    int n = rnd.nextInt(400);
    List<RewardReference.Rule> rules = RewardReference.randomRules(rnd, Math.max(1, n / 4));
    boolean competition = rnd.nextBoolean();
    Board b = Board.define("prized", new JsonObject().put("period", "daily").put("rewards", RewardReference.json(rules))
        .put("rewardRankMode", competition ? "competition" : "unique"), null, Instant.EPOCH, 4, "uid");

    List<ArchivedEntry> ranking = new ArrayList<>();
    List<Final> finals = new ArrayList<>();
    long score = 1000;
    long competitionRank = 1;
    for (int i = 0; i < n; i++) {
      if (i > 0 && rnd.nextInt(3) > 0) {
        score -= 1 + rnd.nextInt(3);
        competitionRank = i + 1;
      }
      ranking.add(new ArchivedEntry(i, "u" + i, score, i, competitionRank, 0));
      finals.add(new Final("u" + i, score));
    }
    assertThat(got(PeriodRewards.of(b.rewards(), ranking, new long[0])))
        .isEqualTo(RewardReference.expected(rules, competition, finals, Map.of()));

    Map<String, Long> cohorts = new HashMap<>();
    int cohortCount = 1 + rnd.nextInt(8);
    for (int i = 0; i < n; i++) {
      // a few users placed in no cohort get no reward on a board with cohorts
      if (rnd.nextInt(20) > 0) {
        cohorts.put("u" + i, 1L + rnd.nextInt(cohortCount));
      }
    }
    if (!cohorts.isEmpty()) {
      assertThat(got(PeriodRewards.of(b.rewards(), ranking, cohortsOf(ranking, cohorts))))
          .isEqualTo(RewardReference.expected(rules, competition, finals, cohorts));
    }
  }

  @Test
  void tiedUsersShareARewardInCompetitionModeOnly() {
    List<ArchivedEntry> ranking = List.of(new ArchivedEntry(0, "a", 9, 0, 1, 1), new ArchivedEntry(1, "b", 7, 1, 2, 2),
        new ArchivedEntry(2, "c", 7, 2, 2, 2), new ArchivedEntry(3, "d", 5, 3, 4, 3));
    JsonObject spec = new JsonObject().put("rewards", new io.vertx.core.json.JsonArray()
        .add(new JsonObject().put("ranks", new io.vertx.core.json.JsonArray().add(1).add(2)).put("reward", new JsonObject().put("gem", 1))));
    Board unique = Board.define("u", spec, null, Instant.EPOCH, 1, "u1");
    Board shared = Board.define("c", spec.copy().put("rewardRankMode", "competition"), null, Instant.EPOCH, 1, "c1");
    assertThat(PeriodRewards.of(unique.rewards(), ranking, new long[0])).extracting(Reward::userId).containsExactly("a", "b");
    assertThat(PeriodRewards.of(shared.rewards(), ranking, new long[0])).extracting(Reward::userId, Reward::rank)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("a", 1L), org.assertj.core.groups.Tuple.tuple("b", 2L),
            org.assertj.core.groups.Tuple.tuple("c", 2L));
    assertThat(PeriodRewards.of(Board.define("n", new JsonObject(), null, Instant.EPOCH, 1, "n1").rewards(), ranking,
        new long[0])).isEmpty();
  }

  private static List<Expected> got(List<Reward> rewards) {
    return rewards.stream().map(r -> new Expected(r.userId(), r.cohort(), r.rank(), r.score(), r.reward()))
        .sorted(Comparator.comparing(Expected::userId)).toList();
  }

  /** Each entry's cohort by its place in the ranking (0: none), from the users' cohorts. */
  private static long[] cohortsOf(List<ArchivedEntry> ranking, Map<String, Long> byUser) {
    long[] out = new long[ranking.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = byUser.getOrDefault(ranking.get(i).userId(), 0L);
    }
    return out;
  }
}
