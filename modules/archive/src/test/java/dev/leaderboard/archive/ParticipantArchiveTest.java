package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Archived participants read back as written, by page, by user, by cohort and with their entries in
 * pages of whole cohorts; a repeated write changes nothing.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ParticipantArchiveTest {
  private ArchiveStore store;
  private String uid;

  @BeforeEach
  void connect(Vertx vertx) {
    store = ArchiveStore.connect(vertx, TestPostgres.uri());
    store.migrate().await();
    uid = "b-" + UUID.randomUUID();
  }

  @AfterEach
  void close() {
    store.close();
  }

  /**
   * Participants with an entry (their seat on it) and without one, read back by page from any offset, by
   * user and by cohort; an erased user is gone from each; a second archive of the period writes nothing.
   */
  @Test
  void participantsReadBackByPageUserAndCohort(Random rnd) {
    int n = 30_000 + rnd.nextInt(1000);
    List<ArchivedParticipant> all = new ArrayList<>();
    List<ArchivedEntry> entries = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new ArchivedParticipant(i, "u" + i, 1_000_000L + i, rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(40)));
      if (rnd.nextInt(3) != 0) {
        entries.add(new ArchivedEntry(entries.size(), "u" + i, 100_000 - entries.size(), 1, entries.size() + 1,
            entries.size() + 1));
      }
    }
    ParticipantArchive archive = store.participants();
    ArchivedPeriod p = new ArchivedPeriod(uid, "b", "p", entries.size(), 1L, new JsonObject());
    assertThat(store.archive(p, entries, List.of(), all).await()).isTrue();
    assertThat(store.archive(p, entries, List.of(), all.subList(0, 10)).await()).isFalse();
    assertThat(archive.count(uid, "p").await()).isEqualTo(n);
    for (int from : List.of(0, rnd.nextInt(n), n - 3, n)) {
      int limit = 1 + rnd.nextInt(2500);
      assertThat(archive.page(uid, "p", from, limit).await()).as("from %d", from)
          .isEqualTo(all.subList(from, Math.min(n, from + limit)));
    }
    ArchivedParticipant one = all.get(rnd.nextInt(n));
    Set<String> scored = entries.stream().map(ArchivedEntry::userId).collect(Collectors.toSet());
    ArchivedParticipant unscored = all.stream().filter(a -> !scored.contains(a.userId())).findFirst().orElseThrow();
    for (ArchivedParticipant a : List.of(one, unscored)) {
      assertThat(archive.participant(uid, "p", a.userId()).await()).isEqualTo(a);
    }
    assertThat(archive.participant(uid, "p", "nobody").await()).isNull();
    long cohort = 1 + rnd.nextInt(40);
    assertThat(archive.cohort(uid, "p", cohort).await())
        .isEqualTo(all.stream().filter(x -> x.cohort() == cohort).toList());
    long cohorts = all.stream().filter(x -> x.cohort() > 0).map(ArchivedParticipant::cohort).distinct().count();
    assertThat(archive.counts(uid, "p").await()).containsExactly(n, cohorts);

    for (ArchivedParticipant gone : List.of(one, unscored)) {
      store.eraseUser(gone.userId()).await();
      assertThat(archive.participant(uid, "p", gone.userId()).await()).isNull();
    }
    List<ArchivedParticipant> left = new ArrayList<>(all);
    left.removeAll(List.of(one, unscored));
    assertThat(archive.count(uid, "p").await()).isEqualTo(n - 2);
    assertThat(archive.page(uid, "p", 0, n).await()).isEqualTo(left);
    for (long c : List.of(cohort, Math.max(1, one.cohort()))) {
      assertThat(archive.cohort(uid, "p", c).await()).isEqualTo(left.stream().filter(x -> x.cohort() == c).toList());
    }
    store.deleteBoard(uid).await();
    assertThat(archive.count(uid, "p").await()).isZero();
    assertThat(archive.page(uid, "p", 0, 10).await()).isEmpty();
  }

  /**
   * Seats read with their entries a page of whole cohorts at a time add up to every participant of a
   * cohort, by cohort and join order, each with their own entry or none; a page holds fewer cohorts
   * than asked only at the end. Cohort IDs have gaps and some participants are in no cohort.
   */
  @Test
  void seatsReadInPagesOfWholeCohortsWithTheirEntries(Random rnd) {
    int n = 200 + rnd.nextInt(300);
    List<ArchivedParticipant> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new ArchivedParticipant(i, "u" + i, 1_000_000L + i, rnd.nextInt(8) == 0 ? 0 : 1 + 3L * rnd.nextInt(40)));
    }
    List<String> scored = new ArrayList<>(all.stream().map(ArchivedParticipant::userId)
        .filter(u -> rnd.nextInt(5) != 0).toList());
    Collections.shuffle(scored, rnd);
    List<ArchivedEntry> entries = new ArrayList<>();
    Map<String, ArchivedEntry> byUser = new HashMap<>();
    for (int i = 0; i < scored.size(); i++) {
      ArchivedEntry e = new ArchivedEntry(i, scored.get(i), 10_000L - i / 2, 1L, i + 1, i + 1);
      entries.add(e);
      byUser.put(e.userId(), e);
    }
    store.archive(new ArchivedPeriod(uid, "b", "p", entries.size(), 1L, new JsonObject()), entries, List.of(), all)
        .await();

    List<ParticipantArchive.Seated> expected = all.stream().filter(a -> a.cohort() > 0)
        .sorted(Comparator.comparingLong(ArchivedParticipant::cohort)
            .thenComparingLong(ArchivedParticipant::position))
        .map(a -> {
          ArchivedEntry e = byUser.get(a.userId());
          return new ParticipantArchive.Seated(a.cohort(), a.position(), a.userId(), e == null ? null : e.position(),
              e == null ? null : e.score());
        }).toList();
    int cohorts = 1 + rnd.nextInt(5);
    List<ParticipantArchive.Seated> read = new ArrayList<>();
    long after = 0;
    while (true) {
      List<ParticipantArchive.Seated> page = store.participants().seated(uid, "p", after, cohorts).await();
      long distinct = page.stream().mapToLong(ParticipantArchive.Seated::cohort).distinct().count();
      assertThat(distinct).as("cohorts in a page after %d", after).isLessThanOrEqualTo(cohorts);
      read.addAll(page);
      if (distinct < cohorts) {
        break;
      }
      after = page.get(page.size() - 1).cohort();
    }
    assertThat(read).isEqualTo(expected);
    store.deleteBoard(uid).await();
  }

  /**
   * Participants archived a row each (schema version 16) move into blocks, cohort rows and their
   * entries' seats when the schema moves on: every read answers as before, and only the participants
   * without an entry keep a row.
   */
  @Test
  void participantsArchivedARowEachMoveIntoBlocksAndSeats(Vertx vertx, Random rnd) {
    try (ScratchArchive scratch = ScratchArchive.create(vertx, "seats")) {
      ArchiveStore node = scratch.store();
      Pool older = scratch.sql();
      older.query("drop table archived_join_block, archived_cohort").execute().await();
      older.query("alter table archived_entry drop column joined, drop column joined_at, drop column cohort")
          .execute().await();
      older.query("delete from schema_version where version >= 17").execute().await();
      int n = 2_000 + rnd.nextInt(2_000);
      List<ArchivedParticipant> all = new ArrayList<>();
      List<String> scored = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        all.add(new ArchivedParticipant(i, "u" + i, 5_000L + i, rnd.nextInt(6) == 0 ? 0 : 1 + rnd.nextInt(n / 30)));
        if (rnd.nextInt(3) != 0) {
          scored.add("u" + i);
        }
      }
      Collections.shuffle(scored, rnd);
      older.preparedQuery("insert into archived_participant (board_uid, period, position, user_id, joined_at, cohort)"
          + " select $1, 'p', m.* from unnest($2::bigint[], $3::text[], $4::bigint[], $5::bigint[]) m")
          .execute(Tuple.of(uid, all.stream().map(ArchivedParticipant::position).toArray(Long[]::new),
              all.stream().map(ArchivedParticipant::userId).toArray(String[]::new),
              all.stream().map(ArchivedParticipant::joinedAt).toArray(Long[]::new),
              all.stream().map(ArchivedParticipant::cohort).toArray(Long[]::new))).await();
      older.preparedQuery("insert into archived_entry (board_uid, period, position, user_id, score, at,"
          + " competition_rank, dense_rank) select $1, 'p', m.i - 1, m.u, 100000 - m.i, 1, m.i, m.i"
          + " from unnest($2::text[]) with ordinality m(u, i)").execute(Tuple.from(List.of(uid, scored.toArray(String[]::new))))
          .await();

      node.migrate().await();
      ParticipantArchive archive = node.participants();
      assertThat(archive.page(uid, "p", 0, n + 1).await()).isEqualTo(all);
      long cohorts = all.stream().filter(a -> a.cohort() > 0).map(ArchivedParticipant::cohort).distinct().count();
      assertThat(archive.counts(uid, "p").await()).containsExactly(n, cohorts);
      for (int k = 0; k < 20; k++) {
        ArchivedParticipant a = all.get(rnd.nextInt(n));
        assertThat(archive.participant(uid, "p", a.userId()).await()).isEqualTo(a);
        if (a.cohort() > 0) {
          assertThat(archive.cohort(uid, "p", a.cohort()).await())
              .isEqualTo(all.stream().filter(x -> x.cohort() == a.cohort()).toList());
        }
      }
      List<ParticipantArchive.Seated> seated = archive.seated(uid, "p", 0, n).await();
      assertThat(seated).hasSize((int) all.stream().filter(a -> a.cohort() > 0).count());
      for (ParticipantArchive.Seated s : seated) {
        int place = scored.indexOf(s.userId());
        assertThat(s.position()).as("%s", s).isEqualTo(place < 0 ? null : (long) place);
      }
      assertThat(older.query("select count(*) from archived_participant").execute().await().iterator().next()
          .getLong(0)).as("a row each only without an entry").isEqualTo(n - scored.size());
    }
  }
}
