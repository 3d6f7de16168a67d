package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.Arrays;
import java.util.Comparator;
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

    // a seated member's move is found through their archived seat (an unseated one's by their own row)
    Move seated = first.stream().filter(m -> m.cohort() != null).findFirst().orElseThrow();
    Move unseated = first.stream().filter(m -> m.cohort() == null).findFirst().orElseThrow();
    Move one = seated;
    while (one == seated || one == unseated) {
      one = first.get(rnd.nextInt(n));
    }
    // the tier board's archive: the seated member with an entry (their seat on it), the other without one
    List<ArchivedParticipant> seats = new ArrayList<>();
    for (Move m : List.of(seated, one)) {
      if (m.cohort() != null) {
        seats.add(new ArchivedParticipant(first.indexOf(m), m.userId(), 1L, m.cohort()));
      }
    }
    List<ArchivedEntry> entries = List.of(new ArchivedEntry(0, seated.userId(), 5, 1, 1, 1));
    store.archive(new ArchivedPeriod("tier-" + UUID.randomUUID(), "tier", "p1", 1, 1L, new JsonObject()), entries,
        List.of(), seats).await();
    // no tier board paid a reward here
    for (Move m : List.of(one, seated, unseated)) {
      assertThat(moves.member(league, m.userId(), 5, Map.of()).await()).as("%s", m)
          .containsExactly(new LeagueMoveStore.Step("p1", m, null));
    }
    // an erasure takes the member's move out of their cohort's row (or their own) and out of the counts
    Map<String, Long> before = moves.counts(league, "p1").await().movements();
    for (Move m : List.of(seated, unseated)) {
      assertThat(moves.eraseUser(List.of(league), m.userId()).await()).isEqualTo(1);
      assertThat(moves.eraseUser(List.of(league), m.userId()).await()).as("erased once").isZero();
      assertThat(moves.member(league, m.userId(), 5, Map.of()).await()).isEmpty();
    }
    Map<String, Long> after = new HashMap<>(before);
    after.merge(seated.movement(), -1L, Long::sum);
    after.merge(unseated.movement(), -1L, Long::sum);
    after.values().removeIf(c -> c == 0);
    assertThat(moves.counts(league, "p1").await().movements()).isEqualTo(after);
    List<Move> left = new ArrayList<>(first);
    left.removeAll(List.of(seated, unseated));
    assertThat(moves.period(league, "p1").await()).containsExactlyInAnyOrderElementsOf(left);
    assertThat(moves.member(league, one.userId(), 5, Map.of()).await()).as("the others keep theirs")
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
   * A cohort's fields go in as array literals the node builds: text of any kind (quotes, backslashes,
   * commas, braces, the word NULL, spaces, non-ASCII) and nulls come back as they were, in moves and in
   * the participants' blocks and cohort rows alike.
   */
  @Test
  void arrayLiteralsKeepAnyText() {
    String league = "lg-" + UUID.randomUUID();
    List<String> users = List.of("a\"b", "c\\d", "e,f", "{g}", "NULL", "h i", "ü-ß-\u00e9", "", "\"\\,{}\"");
    List<Move> recorded = new ArrayList<>();
    List<ArchivedParticipant> seats = new ArrayList<>();
    for (int i = 0; i < users.size(); i++) {
      recorded.add(new Move(users.get(i), "tier \"one\"", i % 3 == 0 ? null : "{two}", 7L, i + 1L,
          i % 4 == 0 ? null : (long) -i, i % 2 == 0 ? "up, \\ down" : "NULL"));
      seats.add(new ArchivedParticipant(i, users.get(i), 100L + i, 7L));
    }
    LeagueMoveStore moves = store.leagueMoves();
    assertThat(moves.record(league, "ladder", "p1", recorded).await()).isTrue();
    assertThat(moves.period(league, "p1").await()).containsExactlyElementsOf(recorded);

    String board = "tier-" + UUID.randomUUID();
    store.archive(new ArchivedPeriod(board, "tier", "p1", 0, 1L, new JsonObject()), List.of(), List.of(), seats)
        .await();
    ParticipantArchive archived = store.participants();
    assertThat(archived.page(board, "p1", 0, 100).await()).containsExactlyElementsOf(seats);
    assertThat(archived.cohort(board, "p1", 7).await()).containsExactlyElementsOf(seats);
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
    for (String movement : Arrays.asList(null, "up", "dropped")) {
      List<Move> expected = all.stream().filter(m -> movement == null || m.movement().equals(movement))
          .sorted(Comparator.<Move>comparingInt(m -> tiers.indexOf(m.from()))
              .thenComparing(m -> m.cohort() == null ? Long.MAX_VALUE : m.cohort())
              .thenComparing(m -> m.cohortRank() == null ? Long.MAX_VALUE : m.cohortRank())
              .thenComparing(Move::userId))
          .toList();
      assertThat(moves.pages().page(league, "p1", tiers, movement, 0, expected.size() + 1).await()).as("by offset, %s", movement)
          .isEqualTo(expected);
      List<Move> paged = new ArrayList<>();
      LeagueMovePages.After after = null;
      while (true) {
        int limit = 1 + rnd.nextInt(60);
        List<Move> page = moves.pages().page(league, "p1", tiers, movement, after, limit).await();
        assertThat(page.size()).isLessThanOrEqualTo(limit);
        paged.addAll(page);
        if (page.size() < limit) {
          break;
        }
        after = LeagueMovePages.After.of(page.get(page.size() - 1), tiers);
      }
      assertThat(paged).as("by key, %s", movement).isEqualTo(expected);
    }
    moves.delete(league).await();
  }

  /**
   * Moves recorded a row a member (schema version 15) become a row a cohort when the schema moves on:
   * each reads back as it was, pages keep their order, and a seated member's history still finds theirs.
   */
  @Test
  void movesRecordedARowAMemberBecomeCohortRows(Vertx vertx, Random rnd) {
    try (ScratchArchive scratch = ScratchArchive.create(vertx, "moves")) {
      ArchiveStore node = scratch.store();
      Pool older = scratch.sql();
      older.query("drop table league_cohort_move").execute().await();
      older.query("delete from schema_version where version >= 16").execute().await();
      List<String> tiers = List.of("gold", "bronze", "silver");
      List<Move> all = new ArrayList<>();
      for (int i = 0; i < 200 + rnd.nextInt(200); i++) {
        boolean seated = rnd.nextInt(6) != 0;
        all.add(new Move("u" + rnd.nextInt(100_000) + "-" + i, tiers.get(rnd.nextInt(3)),
            rnd.nextInt(10) == 0 ? null : "silver", seated ? 1L + rnd.nextInt(5) : null,
            seated ? 1L + rnd.nextInt(40) : null, seated ? (long) rnd.nextInt(50) : null, rnd.nextBoolean() ? "up" : "stay"));
      }
      older.preparedQuery("insert into league_move (league_uid, league, period, user_id, from_tier, to_tier, cohort,"
          + " cohort_rank, score, movement) select 'lg', 'ladder', 'p1', m.* from unnest($1::text[], $2::text[],"
          + " $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[]) m").execute(Tuple.from(List.of(
              all.stream().map(Move::userId).toArray(String[]::new), all.stream().map(Move::from).toArray(String[]::new),
              all.stream().map(Move::to).toArray(String[]::new), all.stream().map(Move::cohort).toArray(Long[]::new),
              all.stream().map(Move::cohortRank).toArray(Long[]::new), all.stream().map(Move::score).toArray(Long[]::new),
              all.stream().map(Move::movement).toArray(String[]::new)))).await();
      older.query("insert into league_move_count select league_uid, period, movement, count(*) from league_move"
          + " group by league_uid, period, movement").execute().await();

      node.migrate().await();
      LeagueMoveStore moves = node.leagueMoves();
      assertThat(moves.period("lg", "p1").await()).containsExactlyInAnyOrderElementsOf(all);
      List<Move> expected = all.stream().sorted(Comparator.<Move>comparingInt(m -> tiers.indexOf(m.from()))
          .thenComparing(m -> m.cohort() == null ? Long.MAX_VALUE : m.cohort())
          .thenComparing(m -> m.cohortRank() == null ? Long.MAX_VALUE : m.cohortRank())
          .thenComparing(Move::userId)).toList();
      assertThat(moves.pages().page("lg", "p1", tiers, null, 0, all.size()).await()).isEqualTo(expected);
      assertThat(moves.pages().page("lg", "p1", tiers, null, (LeagueMovePages.After) null, all.size()).await())
          .isEqualTo(expected);
      assertThat(older.query("select count(*) from league_move").execute().await().iterator().next().getLong(0))
          .as("only the unseated keep a row each").isEqualTo(all.stream().filter(m -> m.cohort() == null).count());
      Move seated = all.stream().filter(m -> m.cohort() != null).findFirst().orElseThrow();
      node.archive(new ArchivedPeriod("tier-board", "tier", "p1", 0, 1L, new JsonObject()), List.of(), List.of(),
          List.of(new ArchivedParticipant(0, seated.userId(), 1L, seated.cohort()))).await();
      assertThat(moves.member("lg", seated.userId(), 5, Map.of()).await())
          .containsExactly(new LeagueMoveStore.Step("p1", seated, null));
    }
  }
}
