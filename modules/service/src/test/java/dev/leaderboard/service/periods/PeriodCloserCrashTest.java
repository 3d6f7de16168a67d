package dev.leaderboard.service.periods;

import dev.leaderboard.service.AdminVerticle;
import dev.leaderboard.service.boards.BoardRegistry;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.JsonService;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A node dies after archiving a period but before marking it archived and cleaning up. */
@ExtendWith(VertxExtension.class)
class PeriodCloserCrashTest {

  @Test
  void aCrashBetweenArchiveAndCleanupIsRepairedWithoutDuplicates(Vertx vertx) {
    TestClock clock = new TestClock(Instant.parse("2024-02-29T22:00:00Z"));
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    AdminVerticle admin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 3_600_000));
    vertx.deployVerticle(admin).await();
    JsonService service = JsonService.proxy(vertx);
    String name = "crash-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", "daily").put("operator", "set").put("retainPeriods", 1)).await();
    for (int i = 0; i < 400; i++) {
      JsonObject e = new JsonObject().put("userId", "c" + i).put("value", i % 50);
      assertThat(service.submit(name, e).await().getString("period")).isEqualTo("2024-02-29");
    }
    JsonObject before = service.entries(name, "2024-02-29", 0L, 1000, "competition").await();

    Shards shards = Shards.connect(vertx, TestShards.endpoints(), 2);
    ArchiveStore archive = ArchiveStore.connect(vertx, TestPostgres.uri());
    try {
      BoardStore boardStore = new BoardStore(shards);
      BoardRegistry registry = new BoardRegistry(vertx, boardStore,
          new PeriodStore(boardStore.shards(), new ModerationStore(boardStore.shards())));
      registry.start().await();
      PeriodStore periods = new PeriodStore(shards, new ModerationStore(shards));
      PeriodCloser dying = new PeriodCloser(vertx, registry, boardStore, periods, new DeliveryStore(shards),
          new ParticipationStore(shards), archive, clock, PeriodCloser.DEFAULT_LEASE_MILLIS);
      Board b = boardStore.get(name).await();
      Period day = b.parsePeriod("2024-02-29");

      clock.set(Instant.parse("2024-03-01T00:10:00Z"));
      dying.freezeAndArchive(b, day).await();
      // the node dies here: the period is archived in PostgreSQL but still "closing" in Redis
      assertThat(periods.states(b).await().get("2024-02-29")).isEqualTo(PeriodState.CLOSING);
      Throwable refused = catchThrowable(() -> service.submit(name,
          new JsonObject().put("userId", "c1").put("value", 1).put("at", day.end().toEpochMilli() - 1)).await());
      assertThat(((ServiceException) refused).failureCode()).isEqualTo(409);

      admin.tick().await();
      assertThat(periods.states(b).await().get("2024-02-29")).isEqualTo(PeriodState.ARCHIVED);
      assertThat(archive.period(b.uid(), "2024-02-29").await().size()).isEqualTo(400);
      assertThat(archive.page(b.uid(), "2024-02-29", 0, 10_000).await()).hasSize(400);
      assertThat(service.entries(name, "2024-02-29", 0L, 1000, "competition").await()).isEqualTo(before);

      // a new day's events make the archived day fall out of the hot set (retainPeriods 1)
      service.submit(name, new JsonObject().put("userId", "c1").put("value", 3)).await();
      clock.set(Instant.parse("2024-03-02T00:10:00Z"));
      admin.tick().await();
      assertThat(boardStore.periods(b).await()).doesNotContain("2024-02-29");
      assertThat(periods.size(b, "2024-02-29").await()).isZero();
      assertThat(service.entries(name, "2024-02-29", 0L, 1000, "competition").await()).isEqualTo(before);
      registry.stop().await();
    } finally {
      archive.close();
      shards.close();
    }
  }
}
