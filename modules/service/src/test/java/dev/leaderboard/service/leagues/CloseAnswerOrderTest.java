package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.testing.TestSeed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A close's answer puts the first moves by user ID in front, in order, and keeps every move. */
@ExtendWith(TestSeed.class)
class CloseAnswerOrderTest {
  @Test
  void theFirstMovesByUserComeFirstAndNoneIsLost(Random rnd) {
    for (int n : List.of(0, 1, 7, LeagueClosed.MOVES, LeagueClosed.MOVES + 1, 5_000)) {
      List<Move> moves = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        moves.add(new Move("u" + rnd.nextInt(1_000_000) + "-" + i, "bronze", "silver", 1L, 1L, 1L, "up"));
      }
      List<Move> sorted = new ArrayList<>(moves);
      sorted.sort(Comparator.comparing(Move::userId));
      List<Move> answered = CloseMoves.byUser(moves);
      int front = Math.min(n, LeagueClosed.MOVES);
      assertThat(answered.subList(0, front)).as("%d moves", n).isEqualTo(sorted.subList(0, front));
      assertThat(answered).as("%d moves", n).containsExactlyInAnyOrderElementsOf(moves);
    }
  }
}
