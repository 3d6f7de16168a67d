package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bulk statements sent in turn: in order, a bounded number ahead, none after a failure. */
class ArchiveSqlTest {
  @Test
  void statementsGoInOrderAtMostInFlightAheadAndStopAtAFailure() {
    List<Integer> built = new ArrayList<>();
    List<Promise<Void>> answers = new ArrayList<>();
    Future<Void> all = ArchiveSql.inTurn(6, k -> {
      built.add(k);
      Promise<Void> p = Promise.promise();
      answers.add(p);
      return p.future();
    });
    // the first IN_FLIGHT are built and sent at once, each next one when the one IN_FLIGHT before it has
    // answered (one connection answers in the order it was sent)
    assertThat(built).containsExactly(0, 1);
    answers.get(0).complete();
    assertThat(built).containsExactly(0, 1, 2);
    answers.get(1).complete();
    assertThat(built).containsExactly(0, 1, 2, 3);
    answers.get(2).fail("statement 2 failed");
    answers.get(3).complete();
    // 4 waited on 2, which failed; 5's turn came with 3's answer, after 2 had failed: neither is sent
    assertThat(built).containsExactly(0, 1, 2, 3);
    assertThat(all.failed()).isTrue();
    assertThat(all.cause()).hasMessage("statement 2 failed");
  }
}
