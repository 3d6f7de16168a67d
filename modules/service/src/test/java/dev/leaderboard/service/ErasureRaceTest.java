package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.request.JoinRequest;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.UserExport;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An erasure on one node while another keeps sending the user's scores, joins and league scores (a
 * bounded number, each sent once the one before is answered, none sent after the erasure answered):
 * once the erasure is answered, the user's export is empty, unless the one write in flight then was
 * applied after it (the user's data again, as a write sent after the erasure); a re-sent erasure
 * removes that. The writes that land before the erasure's ban are removed by it; those after are
 * refused by the partitions' marks, a new period's reload of the bans, the league joins' own read of it.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ErasureRaceTest {
  private static final int MAX_WRITES = 300;
  private final TestClock clock = new TestClock(Instant.parse("2025-04-15T12:00:00Z"));
  private final List<NodeStore> stores = new ArrayList<>();
  private LeaderboardServiceImpl a;
  private LeaderboardServiceImpl b;

  @BeforeEach
  void start(Vertx vertx) {
    a = node(vertx);
    b = node(vertx);
  }

  private LeaderboardServiceImpl node(Vertx vertx) {
    NodeStore store = NodeStore.connect(vertx, new NodeStore.Options(RedisTopology.standalone(TestShards.endpoints()),
        TestPostgres.uri(), RedisPool.of(16))).await();
    stores.add(store);
    return new ServiceGraph(vertx, store, clock, 4, PeriodCloser.DEFAULT_LEASE_MILLIS,
        ScoreNotices.DEFAULT_INTERVAL_MS).service();
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  @RepeatedTest(3)
  void anErasureRacingTheUsersWritesOnAnotherNodeLeavesNothingOfThem(Random rnd) {
    String tag = UUID.randomUUID().toString().substring(0, 8);
    String user = "race-" + tag;
    String board = "rb-" + tag;
    String competition = "rc-" + tag;
    String league = "rl-" + tag;
    a.putBoard(board, new JsonObject().put("partitions", 1 + rnd.nextInt(4))).await();
    a.putBoard(competition, new JsonObject().put("joinRequired", true).put("cohortSize", 3)).await();
    a.putLeague(league, new JsonObject().put("tiers", new io.vertx.core.json.JsonArray().add("low").add("high"))
        .put("cohortSize", 3).put("promote", 1).put("relegate", 1).put("period", "daily").put("autoJoin", true)).await();
    b.submit(board, new ScoreEvent(new JsonObject().put("userId", user).put("value", 1)), false).await();
    assertThat(a.exportUser(user).await().empty()).isFalse();

    AtomicInteger sent = new AtomicInteger();
    AtomicBoolean inFlight = new AtomicBoolean();
    AtomicBoolean inFlightAtAnswer = new AtomicBoolean();
    Future<?> erased = a.erase(user).onComplete(ar -> inFlightAtAnswer.set(inFlight.get()));
    Future<Void> writes = writes(user, board, competition, league, erased, sent, inFlight);
    erased.await();
    writes.await();
    System.out.println("ErasureRaceTest: " + sent.get() + " writes raced the erasure");
    UserExport left = a.exportUser(user).await();
    if (!left.empty()) {
      // the write sent while the erasure ran and applied after it was answered: the user's data again
      assertThat(inFlightAtAnswer.get()).as("left with no write in flight when the erasure answered: %s",
          left.toJson().encode()).isTrue();
      b.erase(user).await();
      left = a.exportUser(user).await();
    }
    assertThat(left.empty()).as("what the erasure left: %s", left.toJson().encode()).isTrue();
  }

  /** The user's writes on node b, one at a time in turn (score, join, league score), until the erasure is answered. */
  private Future<Void> writes(String user, String board, String competition, String league, Future<?> erased,
      AtomicInteger sent, AtomicBoolean inFlight) {
    int n = sent.get();
    if (erased.isComplete() || n >= MAX_WRITES) {
      return Future.succeededFuture();
    }
    sent.incrementAndGet();
    inFlight.set(true);
    Future<?> write = switch (n % 3) {
      case 0 -> b.submit(board, new ScoreEvent(new JsonObject().put("userId", user).put("value", 1)
          .put("eventId", "e" + n)), false);
      case 1 -> b.join(competition, new JoinRequest(new JsonObject().put("userId", user)));
      default -> b.submitLeague(league, new ScoreEvent(new JsonObject().put("userId", user).put("value", 1)));
    };
    return write.transform(ar -> {
      inFlight.set(false);
      return writes(user, board, competition, league, erased, sent, inFlight);
    });
  }
}
