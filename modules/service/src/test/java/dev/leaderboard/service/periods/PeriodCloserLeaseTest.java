package dev.leaderboard.service.periods;

import dev.leaderboard.service.boards.BoardRegistry;

import dev.leaderboard.service.NodeStore;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.JsonService;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A node whose close lease was taken over stops closing the period and leaves it to the new holder. */
@ExtendWith(VertxExtension.class)
class PeriodCloserLeaseTest {

  @Test
  void aLostLeaseStopsTheCloseAndTheNewHolderFinishesIt(Vertx vertx) {
    TestClock clock = new TestClock(Instant.parse("2024-05-10T12:00:00Z"));
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    JsonService service = JsonService.proxy(vertx);
    String name = "lease-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", "daily")).await();
    for (int i = 0; i < 50; i++) {
      service.submit(name, new JsonObject().put("userId", "u" + i).put("value", i)).await();
    }
    Shards shards = Shards.connect(vertx, TestShards.endpoints(), 2);
    ArchiveStore archive = ArchiveStore.connect(vertx, TestPostgres.uri());
    try {
      BoardStore boardStore = new BoardStore(shards);
      BoardRegistry registry = new BoardRegistry(vertx, boardStore,
          new PeriodStore(boardStore.shards(), new ModerationStore(boardStore.shards())));
      registry.start().await();
      PeriodStore periods = new PeriodStore(shards, new ModerationStore(shards));
      PeriodCloser stalled = new PeriodCloser(vertx, registry, boardStore, periods, new DeliveryStore(shards),
          new ParticipationStore(shards), archive, clock, 60_000);
      PeriodCloser other = new PeriodCloser(vertx, registry, boardStore, periods, new DeliveryStore(shards),
          new ParticipationStore(shards), archive, clock, 60_000);
      Board b = boardStore.get(name).await();
      Period day = b.parsePeriod("2024-05-10");
      clock.set(Instant.parse("2024-05-11T00:10:00Z"));

      CloseLease lease = stalled.lease(b, day).await();
      assertThat(lease).isNotNull();
      assertThat(other.lease(b, day).await()).as("a held lease is not taken").isNull();
      assertThat(lease.renew().await()).isTrue();

      // the stalled node's lease lapses and another node takes it
      shards.send(Route.META, Request.cmd(Command.DEL).arg(Keys.closeLease(b, day.id()))).await();
      CloseLease taken = other.lease(b, day).await();
      assertThat(taken).isNotNull();

      assertThat(lease.renew().await()).as("renewal finds the lease gone").isFalse();
      Throwable stopped = catchThrowable(() -> stalled.closeHoldingLease(b, day, lease).await());
      assertThat(stopped).isInstanceOf(LeaderboardException.class);
      assertThat(((LeaderboardException) stopped).code()).isEqualTo("period_closing");
      assertThat(archive.period(b.uid(), day.id()).await()).as("nothing archived by the node that lost").isNull();
      assertThat(periods.states(b).await()).doesNotContainKey(day.id());
      // lost for good: a later renewal cannot revive it
      assertThat(lease.renew().await()).isFalse();

      assertThat(other.closeHoldingLease(b, day, taken).await().size()).isEqualTo(50);
      taken.release().await();
      assertThat(periods.states(b).await().get(day.id())).isEqualTo(PeriodState.ARCHIVED);
      registry.stop().await();
    } finally {
      archive.close();
      shards.close();
    }
  }
}
