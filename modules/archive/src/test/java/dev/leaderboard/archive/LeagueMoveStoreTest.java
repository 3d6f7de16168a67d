package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A large period's moves, recorded in several chunks, read back page by page exactly once each; a
 * second record keeps each member's first move; a member's history and a league's removal.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class LeagueMoveStoreTest {
  private ArchiveStore store;

  @BeforeEach
  void connect(Vertx vertx) {
    store = ArchiveStore.connect(vertx, TestPostgres.uri());
    store.migrate().await();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void aLargePeriodIsRecordedOnceAndReadBackWhole(Random rnd) {
    String league = "lg-" + UUID.randomUUID();
    int n = 2 * ArchiveSql.CHUNK + 1 + rnd.nextInt(ArchiveSql.CHUNK);
    List<Move> first = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean seated = rnd.nextInt(10) != 0;
      first.add(new Move("m" + rnd.nextInt(1000) + "-" + i, "bronze", rnd.nextInt(20) == 0 ? null : "silver",
          seated ? 1L + i / 30 : null, seated ? 1L + i % 30 : null, seated ? (long) rnd.nextInt(100) : null,
          seated ? "up" : "stay"));
    }
    LeagueMoveStore moves = store.leagueMoves();
    assertThat(moves.record(league, "ladder", "p1", first).await()).isTrue();
    List<Move> again = first.stream().map(m -> new Move(m.userId(), "gold", "gold", null, null, null, "stay")).toList();
    assertThat(moves.record(league, "ladder", "p1", again.subList(0, ArchiveSql.CHUNK + 5)).await())
        .as("a period's moves are recorded once").isFalse();

    List<Move> read = moves.period(league, "p1").await();
    assertThat(read).hasSize(n);
    Map<String, Move> byUser = new HashMap<>();
    read.forEach(m -> byUser.put(m.userId(), m));
    assertThat(byUser).hasSize(n);
    for (Move m : first) {
      assertThat(byUser.get(m.userId())).isEqualTo(m);
    }
    assertThat(moves.period(league, "p2").await()).isEmpty();

    Move one = first.get(rnd.nextInt(n));
    // no tier board paid a reward here
    assertThat(moves.member(league, one.userId(), 5, Map.of()).await())
        .containsExactly(new LeagueMoveStore.Step("p1", one, null));
    // two recorders of one period at once: one writes, the other finds the period recorded
    Future<Boolean> a = moves.record(league, "ladder", "p3", first);
    Future<Boolean> b = moves.record(league, "ladder", "p3", again);
    Future.all(a, b).await();
    assertThat(List.of(a.result(), b.result())).containsExactlyInAnyOrder(true, false);
    assertThat(moves.period(league, "p3").await()).containsExactlyInAnyOrderElementsOf(a.result() ? first : again);
    moves.delete(league).await();
    assertThat(moves.period(league, "p1").await()).isEmpty();
  }

  /**
   * Pages by key, of random sizes, with and without a movement: together they are the period's moves
   * once each in page order (the tiers in the league's order, then cohort with the unseated last,
   * cohort rank and user ID), as the model sorts them and as one page by offset holds them.
   */
  @Test
  void pagesByKeyReadEveryMoveOnceInPageOrder(Random rnd) {
    String league = "lg-" + UUID.randomUUID();
    List<String> tiers = List.of("gold", "bronze", "silver");
    List<String> movements = List.of("up", "down", "stay", "dropped");
    List<Move> all = new ArrayList<>();
    for (int i = 0; i < 300 + rnd.nextInt(300); i++) {
      boolean seated = rnd.nextInt(8) != 0;
      all.add(new Move("u" + rnd.nextInt(100_000) + "-" + i, tiers.get(rnd.nextInt(3)), "silver",
          seated ? (long) rnd.nextInt(6) : null, seated ? 1L + rnd.nextInt(40) : null, (long) rnd.nextInt(50),
          movements.get(rnd.nextInt(4))));
    }
    LeagueMoveStore moves = store.leagueMoves();
    moves.record(league, "ladder", "p1", all).await();
    for (String movement : java.util.Arrays.asList(null, "up", "dropped")) {
      List<Move> expected = all.stream().filter(m -> movement == null || m.movement().equals(movement))
          .sorted(java.util.Comparator.<Move>comparingInt(m -> tiers.indexOf(m.from()))
              .thenComparing(m -> m.cohort() == null ? Long.MAX_VALUE : m.cohort())
              .thenComparing(m -> m.cohortRank() == null ? Long.MAX_VALUE : m.cohortRank())
              .thenComparing(Move::userId))
          .toList();
      assertThat(moves.page(league, "p1", tiers, movement, 0, expected.size() + 1).await()).as("by offset, %s", movement)
          .isEqualTo(expected);
      List<Move> paged = new ArrayList<>();
      LeagueMoveStore.After after = null;
      while (true) {
        int limit = 1 + rnd.nextInt(60);
        List<Move> page = moves.page(league, "p1", tiers, movement, after, limit).await();
        assertThat(page.size()).isLessThanOrEqualTo(limit);
        paged.addAll(page);
        if (page.size() < limit) {
          break;
        }
        after = LeagueMoveStore.After.of(page.get(page.size() - 1), tiers);
      }
      assertThat(paged).as("by key, %s", movement).isEqualTo(expected);
    }
    moves.delete(league).await();
  }
}
