package dev.leaderboard.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Archived participants read back as written, by page, by user and by cohort; a repeated write changes nothing. */
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
}
