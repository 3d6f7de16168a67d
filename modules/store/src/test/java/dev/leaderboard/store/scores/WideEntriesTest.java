package dev.leaderboard.store.scores;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.TieCodec;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.time.Instant;
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
 * The wide layout's two structures stay one: thousands of events in flight at once for a few users
 * (every operator, sort keys that change) lose no update, and afterwards every user has exactly one
 * member in the scores and the user map holds that member's tie and score.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class WideEntriesTest {
  private static final long NOW = Instant.parse("2025-04-15T12:00:00Z").toEpochMilli();
  private static final int WAVE = 100;

  private Shards shards;
  private ScoreStore store;

  @BeforeEach
  void connect(Vertx vertx) {
    shards = Shards.connect(vertx, TestShards.endpoints(), 8);
    store = new ScoreStore(shards);
    store.loadScripts().await();
  }

  @AfterEach
  void close() {
    shards.close();
  }

  private Board board(String operator) {
    Board b = Board.define("we-" + UUID.randomUUID().toString().substring(0, 8), new JsonObject().put("partitions", 4)
        .put("operator", operator).put("minScore", -1_000_000).put("sortKeys", new JsonArray()
            .add(new JsonObject().put("name", "deaths").put("max", 9))), null, Instant.ofEpochMilli(NOW - 60_000), 4,
        "u1");
    Live.mark(shards, b, "all");
    return b;
  }

  private static SubmitCommand event(Board b, String user, long value, long[] keys, long at) {
    return new SubmitCommand("all", user, b.operator(), value, 0, null, at, null, b.tieCodec().encode(keys, at));
  }

  @Test
  void eventsInFlightAtOnceLoseNoIncrementAndLeaveOneMemberPerUser(Random rnd) {
    Board b = board("incr");
    Map<String, Long> sums = new HashMap<>();
    List<Future<SubmitOutcome>> inFlight = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      String user = "w" + rnd.nextInt(12);
      long value = rnd.nextInt(201) - 100;
      sums.merge(user, value, Long::sum);
      inFlight.add(store.submit(b, event(b, user, value, new long[] {rnd.nextInt(10)}, NOW - rnd.nextInt(50_000)),
          NOW, 60_000));
      awaitWave(inFlight);
    }
    Future.all(inFlight).await();
    assertThat(inFlight).allSatisfy(f -> assertThat(f.result().status()).isIn(SubmitOutcome.Status.CHANGED,
        SubmitOutcome.Status.UNCHANGED));
    for (Map.Entry<String, Long> e : sums.entrySet()) {
      assertThat(store.stored(b, "all", e.getKey()).await().composite()).as(e.getKey()).isEqualTo(e.getValue());
    }
    assertOneMemberPerUser(b, sums.keySet().size());
  }

  @Test
  void setAndBestMoveTheMemberAndTheMapTogether(Random rnd) {
    for (String operator : new String[] {"set", "best"}) {
      Board b = board(operator);
      List<Future<SubmitOutcome>> inFlight = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        inFlight.add(store.submit(b, event(b, "w" + rnd.nextInt(15), rnd.nextInt(5) - 2,
            new long[] {rnd.nextInt(10)}, NOW - rnd.nextInt(50_000)), NOW, 60_000));
        awaitWave(inFlight);
      }
      Future.all(inFlight).await();
      assertOneMemberPerUser(b, 15);
    }
  }

  @Test
  void anEventBuiltForTheOtherLayoutIsRefusedBeforeItIsSent() {
    Board wide = board("incr");
    Board packed = Board.define("wp-" + UUID.randomUUID().toString().substring(0, 8), new JsonObject(), null,
        Instant.ofEpochMilli(NOW - 60_000), 4, "u1");
    SubmitCommand untied = new SubmitCommand("all", "ada", Operator.INCR, 1, 0, null, NOW, null);
    assertThatThrownBy(() -> store.submit(wide, untied, NOW, 60_000).await()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must carry a wide tie");
    assertThatThrownBy(() -> store.submit(packed, event(wide, "ada", 1, new long[] {1}, NOW), NOW, 60_000).await())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not carry");
    assertThat(store.stored(wide, "all", "ada").await()).isNull();
    assertThat(store.stored(packed, "all", "ada").await()).isNull();
  }

  /** Lets at most {@link #WAVE} events be in flight at once (the pool queues 128 commands per shard). */
  private static void awaitWave(List<Future<SubmitOutcome>> inFlight) {
    if (inFlight.size() % WAVE == 0) {
      Future.all(inFlight.subList(inFlight.size() - WAVE, inFlight.size())).await();
    }
  }

  /** Every partition: one member per user, and the user map holds exactly that member's tie and score. */
  private void assertOneMemberPerUser(Board b, int users) {
    int members = 0;
    for (Route r : Keys.keySets(shards, b, "all")) {
      Response rows = shards.send(r, Request.cmd(Command.ZRANGE).arg(Keys.scores(r)).arg(0).arg(-1)
          .arg("WITHSCORES")).await();
      for (int i = 0; i < rows.size(); i += 2) {
        String member = rows.get(i).toString();
        String user = TieCodec.userOf(member);
        assertThat(Partitioner.partitionOf(user, b.partitions())).isEqualTo(r.partition());
        Response mapped = shards.send(r, Request.cmd(Command.HGET).arg(Keys.users(r, user)).arg(user)).await();
        assertThat(mapped.toString()).as("the map's entry of %s", user)
            .isEqualTo(TieCodec.tieOf(member) + rows.get(i + 1).toString());
        members++;
      }
    }
    assertThat(members).isEqualTo(users);
  }
}
