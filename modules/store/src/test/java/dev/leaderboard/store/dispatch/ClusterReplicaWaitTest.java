package dev.leaderboard.store.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.Live;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code WAIT} behind a Redis Cluster write ({@link WriteConfirmation}), counted by the masters'
 * own command statistics: one per master that a round wrote to, none for reads; and a write whose
 * replica is down fails as {@code write_unconfirmed} although its master applied it, while the reads
 * of the same round answer. Unset, the wait starts once every master has a replica.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterReplicaWaitTest {
  private static final long NOW = Instant.parse("2025-04-15T12:00:00Z").toEpochMilli();
  private static final long WINDOW = 3_600_000;
  @TempDir
  static Path dir;
  private static LocalRedisCluster cluster;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = LocalRedisCluster.start(dir, 2, 1, Duration.ofSeconds(5));
  }

  @AfterAll
  static void stopCluster() {
    cluster.close();
  }

  @Test
  @Order(1)
  void aRoundThatWritesWaitsOncePerMasterItWroteToAndReadsNeverWait(Vertx vertx, Random rnd) throws IOException {
    ClusterShards shards = ClusterShards.connect(vertx, cluster.seeds(), RedisPool.of(4), 10_000);
    ScoreStore store = new ScoreStore(shards);
    store.loadScripts().await();
    assertThat(shards.replicaWait().replicas()).as("the masters have replicas, so one confirms each write").isEqualTo(1);
    Board b = board();
    Live.mark(shards, b, "all");
    Set<Integer> masters = new HashSet<>();
    for (Route r : Keys.keySets(shards, b, "all")) {
      masters.add(cluster.masterOf(cluster.slotOf(Keys.scores(r))));
    }
    assertThat(masters).as("the board's partitions span both masters").hasSize(2);

    List<SubmitCommand> events = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      events.add(new SubmitCommand("all", "w" + Integer.toString(rnd.nextInt(1 << 20), 36) + "-" + i, Operator.INCR,
          1 + rnd.nextInt(100), 0, "e" + i));
    }
    long before = waits();
    List<SubmitOutcome> outcomes = store.submitAll(b, events, NOW, WINDOW).await();
    assertThat(outcomes).allMatch(SubmitOutcome::applied);
    assertThat(waits() - before).as("one WAIT per master of the round's script calls").isEqualTo(masters.size());

    before = waits();
    List<Call> reads = new ArrayList<>();
    for (Route r : Keys.keySets(shards, b, "all")) {
      reads.add(Call.of(r, Request.cmd(Command.ZCARD).arg(Keys.scores(r))));
    }
    assertThat(shards.dispatch(reads).await().stream().mapToLong(a -> a.toLong()).sum()).isEqualTo(events.size());
    assertThat(store.userRank(b, "all", events.get(0).userId(), null).await().entry()).isNotNull();
    assertThat(waits() - before).as("reads, plain and by script, never wait").isZero();

    before = waits();
    List<Call> plain = new ArrayList<>();
    for (Route r : Keys.keySets(shards, b, "all")) {
      plain.add(Call.of(r, Request.cmd(Command.HSET).arg(Keys.meta(r)).arg("probe").arg("{}")));
    }
    shards.dispatch(plain).await();
    assertThat(waits() - before).as("plain writes wait like scripts, once per master").isEqualTo(masters.size());
    shards.close();
  }

  @Test
  @Order(2)
  void aWriteItsReplicaDidNotConfirmFailsAsUnconfirmedButWasAppliedAndTheRoundsReadsAnswer(Vertx vertx)
      throws IOException {
    ClusterShards shards = ClusterShards.connect(vertx, cluster.seeds(), RedisPool.of(4), 10_000,
        new ReplicaWait(1, 300));
    Board b = board();
    Route p0 = Keys.keySet(shards, b, "all", 0);
    String key = Keys.scores(p0);
    int master = cluster.masterOf(cluster.slotOf(key));
    int replica = cluster.replicasOf(master).get(0);
    cluster.kill(replica);
    try {
      Call write = Call.of(p0, Request.cmd(Command.ZADD).arg(key).arg(7).arg("u1"));
      Call read = Call.of(p0, Request.cmd(Command.ZCARD).arg(key));
      long start = System.nanoTime();
      List<Shards.Reply> replies = shards.dispatchEach(List.of(write, read)).await();
      assertThat((System.nanoTime() - start) / 1_000_000).as("the master waited out the bound").isGreaterThanOrEqualTo(300);
      assertThat(replies.get(0).failure()).isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
        assertThat(e.status()).isEqualTo(503);
        assertThat(e.code()).isEqualTo(Refusal.WRITE_UNCONFIRMED.code());
        assertThat(e.getMessage()).contains("0 of 1 replicas confirmed it within 300 ms");
      });
      assertThat(replies.get(1).failure()).isNull();
      assertThat(replies.get(1).response().toLong()).as("the read of the round answers").isEqualTo(1);
      assertThat(cluster.call(master, "ZSCORE", key, "u1")).as("applied on the master").hasToString("7");
    } finally {
      cluster.restart(replica);
    }
    List<Shards.Reply> again = shards.dispatchEach(List.of(Call.of(p0, Request.cmd(Command.ZADD).arg(key).arg(8).arg("u1"))))
        .await();
    assertThat(again.get(0).failure()).as("confirmed once the replica is back").isNull();
    shards.close();
  }

  @Test
  @Order(3)
  void byDefaultWritesStartWaitingOnceEveryMasterHasAReplica(Vertx vertx, @TempDir Path own) throws IOException {
    try (LocalRedisCluster bare = LocalRedisCluster.start(own, 1, 0, Duration.ofSeconds(5))) {
      ClusterShards shards = ClusterShards.connect(vertx, bare.seeds(), RedisPool.of(2), 10_000);
      Route p0 = Keys.keySet(shards, board(), "all", 0);
      Call write = Call.of(p0, Request.cmd(Command.ZADD).arg(Keys.scores(p0)).arg(1).arg("u1"));
      shards.dispatch(List.of(write)).await();
      assertThat(shards.replicaWait().replicas()).as("no replica yet: acknowledged by the master").isZero();
      assertThat(bare.commandCalls("wait")).isZero();

      bare.addReplica(0);
      shards.refresh().await();
      assertThat(shards.replicaWait().replicas()).isEqualTo(1);
      assertThat(shards.dispatchEach(List.of(write)).await().get(0).failure()).isNull();
      assertThat(bare.commandCalls("wait")).isEqualTo(1);
      shards.close();
    }
  }

  private static Board board() {
    return Board.define("rw-" + UUID.randomUUID().toString().substring(0, 8), new JsonObject().put("partitions", 8), null,
        Instant.ofEpochMilli(NOW - WINDOW), 8, "u1");
  }

  /** WAIT commands the cluster's live nodes have run so far. */
  private static long waits() throws IOException {
    return cluster.commandCalls("wait");
  }
}
