package dev.leaderboard.service.boards;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Period;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.ServiceGraph;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A write that read the board before it was deleted, and reaches Redis after the delete was
 * answered, recreates nothing: node A deletes; node B, holding the board as it read it, then sends
 * writes to periods that had data and to one that had none.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class DeletedBoardWriteTest {
  private static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  private NodeStore a;
  private NodeStore b;
  private LeaderboardServiceImpl service;

  @BeforeEach
  void start(Vertx vertx) {
    NodeStore.Options options = NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri());
    a = NodeStore.connect(vertx, options).await();
    b = NodeStore.connect(vertx, options).await();
    service = new ServiceGraph(vertx, a, CLOCK, 4, PeriodCloser.DEFAULT_LEASE_MILLIS, ScoreNotices.DEFAULT_INTERVAL_MS).service();
  }

  @AfterEach
  void stop() {
    Future.all(a.close(), b.close()).await();
  }

  @Test
  void writesInFlightWhenTheBoardIsDeletedRecreateNothing(Random rnd) {
    String name = "gone-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", "daily").put("partitions", 1 + rnd.nextInt(8))).await();
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 1 + rnd.nextInt(20); i++) {
      users.add("u" + i);
      service.submit(name, new ScoreEvent(new JsonObject().put("userId", "u" + i).put("value", 1 + rnd.nextInt(100))),
          false).await();
    }
    Board stale = b.boards().require(name).await();
    Period today = stale.periodOf(NOW);
    Period tomorrow = stale.periodOf(NOW.plusSeconds(86_400));

    service.deleteBoard(name).await();

    // B's write to a period with data, sent after the delete was answered
    String user = users.get(rnd.nextInt(users.size())) + (rnd.nextBoolean() ? "" : "-new");
    SubmitOutcome outcome = b.scores().submit(stale, new SubmitCommand(today.id(), user, Operator.INCR, 7,
        stale.codec().tie(0), null), NOW.toEpochMilli(), 3_600_000).await();
    assertThat(outcome.status()).isEqualTo(SubmitOutcome.Status.BOARD_GONE);
    assertThat(existing(stale, today)).as("keys of the deleted board in %s", today.id()).isEmpty();

    // B's first write to a period without data: recording the period finds the board gone
    Throwable refused = awaitFailure(b.boards().notePeriod(stale, tomorrow.id()));
    assertThat(refused).isInstanceOf(LeaderboardException.class);
    assertThat(((LeaderboardException) refused).code()).isEqualTo("board_not_found");
    assertThat(existing(stale, tomorrow)).as("keys of the deleted board in %s", tomorrow.id()).isEmpty();
  }

  /** The keys of the board's partitions in the period that exist in Redis. */
  private List<String> existing(Board board, Period p) {
    List<String> out = new ArrayList<>();
    for (Route r : Keys.keySets(a.shards(), board, p.id())) {
      for (String key : Keys.all(r)) {
        if (a.shards().send(r, Request.cmd(Command.EXISTS).arg(key)).await().toInteger() == 1) {
          out.add(key);
        }
      }
    }
    return out;
  }

  private static Throwable awaitFailure(Future<?> f) {
    try {
      f.await();
      return null;
    } catch (Throwable t) {
      return t;
    }
  }
}
