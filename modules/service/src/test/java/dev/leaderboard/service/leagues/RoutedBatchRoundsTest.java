package dev.leaderboard.service.leagues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.TestClock;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreIntake.Routed;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.store.dispatch.Call;
import dev.leaderboard.store.dispatch.ForwardingShards;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A batch routed to several boards (as a league's batch is to its tier boards) goes to Redis in one
 * pipelined round for all of its events, whatever their board, and each event lands on its own board.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class RoutedBatchRoundsTest {
  private static final Instant DAY = Instant.parse("2025-04-15T00:00:00Z");
  private final TestClock clock = new TestClock(DAY.plusSeconds(3600));
  private final List<NodeStore> stores = new ArrayList<>();
  private LeaderboardServiceImpl node;
  private Vertx vertx;

  @BeforeEach
  void start(Vertx vertx) {
    this.vertx = vertx;
    node = LeagueNodes.start(vertx, clock, stores);
  }

  @AfterEach
  void stop() {
    for (NodeStore s : stores) {
      s.close().await();
    }
  }

  /** The node's shards, counting the rounds sent (each {@code dispatchEach} is one pipelined batch per node). */
  private static final class CountingShards extends ForwardingShards {
    final List<Integer> rounds = new CopyOnWriteArrayList<>();

    CountingShards(Shards inner) {
      super(inner);
    }

    @Override
    public Future<List<Reply>> dispatchEach(List<Call> calls) {
      rounds.add(calls.size());
      return inner().dispatchEach(calls);
    }

    @Override
    public void close() {
    }
  }

  @Test
  void eventsOfSeveralBoardsGoInOneRound(Random rnd) {
    NodeStore store = stores.get(0);
    List<Board> boards = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String name = "rb-" + UUID.randomUUID().toString().substring(0, 8);
      node.putBoard(name, new JsonObject().put("period", "daily")).await();
      boards.add(store.boards().require(name).await());
    }
    CountingShards counting = new CountingShards(store.shards());
    ScoreStore scores = new ScoreStore(counting);
    RankHints hints = new RankHints();
    ReadSources sources = new ReadSources(store.boards(), store.scores(), store.participation(), store.archive(),
        hints);
    ScoreIntake intake = new ScoreIntake(store.boards(), store.bans(), scores, sources, hints, clock,
        new ScoreNotices(vertx, ScoreNotices.DEFAULT_INTERVAL_MS), new Participation(store.boards(), store.bans(),
        store.participation(), sources, clock));

    List<Routed> events = new ArrayList<>();
    Map<String, Long> want = new HashMap<>();
    for (int i = 0; i < 60; i++) {
      Board b = boards.get(rnd.nextInt(boards.size()));
      String user = "u" + rnd.nextInt(20);
      long value = 1 + rnd.nextInt(9);
      events.add(new Routed(b, new ScoreEvent(new JsonObject().put("userId", user).put("value", value)
          .put("at", DAY.toEpochMilli() + 1000 + i)), i));
      want.merge(b.name() + "/" + user, value, Long::sum);
    }
    ScoreIntake.RoutedBatch done = intake.submitRouted(events, List.of(), List.of()).await();
    assertThat(done.result().applied()).isEqualTo(60);
    assertThat(done.landed()).hasSize(60);
    assertThat(counting.rounds).as("one round for the events of every board").containsExactly(60);
    for (Map.Entry<String, Long> w : want.entrySet()) {
      String[] bu = w.getKey().split("/");
      assertThat(node.user(bu[0], bu[1], null, null, null).await().entry().score()).as(w.getKey())
          .isEqualTo(w.getValue());
    }
  }
}
