package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
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

  @Test
  void participantsReadBackByPageUserAndCohort(Random rnd) {
    int n = 30_000 + rnd.nextInt(1000);
    List<ArchivedParticipant> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(new ArchivedParticipant(i, "u" + i, 1_000_000L + i, 1 + rnd.nextInt(40)));
    }
    ParticipantArchive archive = store.participants();
    archive.archive(uid, "p", all).await();
    archive.archive(uid, "p", all.subList(0, 10)).await();
    assertThat(archive.count(uid, "p").await()).isEqualTo(n);
    int from = rnd.nextInt(n);
    assertThat(archive.page(uid, "p", from, 50).await()).isEqualTo(all.subList(from, Math.min(n, from + 50)));
    ArchivedParticipant one = all.get(rnd.nextInt(n));
    assertThat(archive.participant(uid, "p", one.userId()).await()).isEqualTo(one);
    assertThat(archive.participant(uid, "p", "nobody").await()).isNull();
    assertThat(archive.cohort(uid, "p", one.cohort()).await())
        .isEqualTo(all.stream().filter(x -> x.cohort() == one.cohort()).toList());

    store.eraseUser(one.userId()).await();
    assertThat(archive.participant(uid, "p", one.userId()).await()).isNull();
    store.archive(new ArchivedPeriod(uid, "b", "p", 0, 1L, new JsonObject()), List.of()).await();
    store.deleteBoard(uid).await();
    assertThat(archive.count(uid, "p").await()).isZero();
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
    store.participants().archive(uid, "p", all).await();
    store.archive(new ArchivedPeriod(uid, "b", "p", entries.size(), 1L, new JsonObject()), entries).await();

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
}
