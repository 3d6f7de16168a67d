package dev.leaderboard.service.reads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Order;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.testing.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Rank arithmetic without Redis: worked examples, then randomized lists against a direct count. */
@ExtendWith(TestSeed.class)
class RankMathTest {

  @Test
  void ranksWithinAListFollowTheirDefinitions() {
    long[] scores = {90, 80, 80, 70, 70, 70, 10};
    assertThat(RankMath.within(RankMode.UNIQUE, scores)).containsExactly(1, 2, 3, 4, 5, 6, 7);
    assertThat(RankMath.within(RankMode.COMPETITION, scores)).containsExactly(1, 2, 2, 4, 4, 4, 7);
    assertThat(RankMath.within(RankMode.DENSE, scores)).containsExactly(1, 2, 2, 3, 3, 3, 4);
    assertThat(RankMath.within(RankMode.DENSE, new long[0])).isEmpty();
  }

  @Test
  void denseRankCountsOnlyStrictlyBetterDistinctScores() {
    long[] betterBestFirst = {100, 50, 20};
    assertThat(RankMath.dense(Order.DESC, betterBestFirst, 20)).isEqualTo(3);
    assertThat(RankMath.dense(Order.DESC, betterBestFirst, 19)).isEqualTo(4);
    assertThat(RankMath.dense(Order.DESC, betterBestFirst, 100)).isEqualTo(1);
    assertThat(RankMath.dense(Order.ASC, new long[] {1, 5, 9}, 6)).isEqualTo(3);
    assertThat(RankMath.dense(Order.ASC, new long[0], 6)).isEqualTo(1);
  }

  @Test
  void percentileIsTheShareRankedAtOrBelow() {
    assertThat(RankMath.percentile(0, 4)).isEqualTo(100.0);
    assertThat(RankMath.percentile(3, 4)).isEqualTo(25.0);
    assertThat(RankMath.percentile(1, 3)).isEqualTo(66.67);
    assertThat(RankMath.percentile(0, 0)).isEqualTo(0.0);
    assertThat(RankMath.percentile(2, 3)).isEqualTo(33.33);
  }

  @Test
  void tiedEntriesShareAPercentileExceptInUniqueMode() {
    // two users tied at the top of three: in competition and dense modes both are at 100
    assertThat(RankMath.percentile(RankMath.ahead(RankMode.COMPETITION, 1, 1), 3)).isEqualTo(100.0);
    assertThat(RankMath.percentile(RankMath.ahead(RankMode.DENSE, 1, 1), 3)).isEqualTo(100.0);
    assertThat(RankMath.percentile(RankMath.ahead(RankMode.COMPETITION, 2, 3), 3)).isEqualTo(33.33);
    // in unique mode the earlier of the two is ahead
    assertThat(RankMath.percentile(RankMath.ahead(RankMode.UNIQUE, 1, 1), 3)).isEqualTo(66.67);
    assertThat(RankMath.unique(0)).isEqualTo(1);
    assertThat(RankMath.competition(4)).isEqualTo(5);
  }

  @Test
  void randomizedListsAgreeWithADirectCount(Random random) {
    for (int round = 0; round < 200; round++) {
      long[] scores = new long[random.nextInt(60)];
      for (int i = 0; i < scores.length; i++) {
        scores[i] = random.nextInt(12);
      }
      Arrays.sort(scores);
      reverse(scores);
      long[] competition = RankMath.within(RankMode.COMPETITION, scores);
      long[] dense = RankMath.within(RankMode.DENSE, scores);
      for (int i = 0; i < scores.length; i++) {
        long s = scores[i];
        long better = Arrays.stream(scores).filter(v -> v > s).count();
        long distinctBetter = Arrays.stream(scores).filter(v -> v > s).distinct().count();
        assertThat(competition[i]).as("competition rank of %d", s).isEqualTo(better + 1);
        assertThat(dense[i]).as("dense rank of %d", s).isEqualTo(distinctBetter + 1);
        long[] distinctBetterBestFirst = Arrays.stream(scores).filter(v -> v > s).distinct().toArray();
        assertThat(RankMath.dense(Order.DESC, distinctBetterBestFirst, s)).isEqualTo(distinctBetter + 1);
      }
    }
  }

  private static void reverse(long[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      long t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
