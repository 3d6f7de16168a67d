package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis Cluster changing under writes ({@link ClusterLoad}): slots moving to a new master and a
 * manual failover (events without event IDs, so that the node's own IDs deduplicate its retries), and
 * a killed master whose replica takes over (events with IDs). Writes are acknowledged once a replica
 * has them ({@code LB_REDIS_WAIT_REPLICAS} by default), so nothing acknowledged is lost, even to a
 * master killed at once, and nothing is applied twice; reads then match the reference model.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFaultTest {
  static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  static final long DAY_START = Instant.parse("2025-04-15T00:00:00Z").toEpochMilli();
  @TempDir
  static Path dir;
  private static LocalRedisCluster cluster;
  private JsonService service;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = LocalRedisCluster.start(dir, 2, 1, Duration.ofMillis(1000));
  }

  @AfterAll
  static void stopCluster() {
    cluster.close();
  }

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(new NodeStore.Options(RedisTopology.cluster(cluster.seeds(), 15_000), TestPostgres.uri(), RedisPool.of(4)), Clock.fixed(NOW, ZoneOffset.UTC), 8))).await();
    service = JsonService.proxy(vertx);
  }

  @Test
  @Order(1)
  void slotsMovingToANewMasterUnderLoadLoseAndDuplicateNothing(Random rnd) throws Exception {
    exactUnderLoad(rnd, board -> {
      int added = cluster.addMaster();
      // writes wait for a replica, so a master without one could not confirm any
      cluster.addReplica(added);
      cluster.slots().move(board.slots(), added);
      assertThat(cluster.masterOf(board.slots().first())).isEqualTo(added);
    });
  }

  @Test
  @Order(2)
  void aManualFailoverUnderLoadLosesAndDuplicatesNothing(Random rnd) throws Exception {
    exactUnderLoad(rnd, board -> {
      int replica = cluster.replicasOf(cluster.masterOf(board.slots().first())).get(0);
      cluster.failover(replica);
      assertThat(cluster.isMaster(replica)).isTrue();
    });
  }

  /** A change of the cluster, made while a board takes writes. */
  @FunctionalInterface
  private interface Change {
    void make(Board board) throws IOException;
  }

  /** Makes {@code change} under load; then no event may have failed and every read must match the model. */
  private void exactUnderLoad(Random rnd, Change change) throws Exception {
    Board board = board();
    ClusterLoad load = new ClusterLoad(service, board.name, board.model, DAY_START, rnd).start();
    change.make(board);
    load.finish();
    assertThat(load.failureCodes()).isEmpty();
    assertThat(load.sums().values()).allMatch(s -> s[1] == 0);
    ServiceScenarioTest.verify(service, rnd, board.name, board.model, load.users());
  }

  /**
   * A master killed (SIGKILL) right after acknowledgements, while its replica lags: under load the
   * replica is stopped (SIGSTOP) and the master drops its replication link, so whatever the master
   * acknowledged after that would be lost with it; then the master is killed and the replica resumed
   * and promoted. Every event acknowledged,
   * before or after the kill, is there after the failover (its score counts it, and sent again it is
   * a duplicate), and no user holds more than was sent for it. While the replica lags, and while the
   * promoted replica has no replica of its own, writes to it are answered {@code write_unconfirmed},
   * never acknowledged; once the old master is back as its replica they are confirmed again, without
   * a restart of the node.
   */
  @Test
  @Order(3)
  void aMasterKilledRightAfterAcknowledgementsLosesNoAcknowledgedWrite(Random rnd) throws Exception {
    Board board = board();
    ClusterLoad load = new ClusterLoad(service, board.name, board.model, DAY_START, rnd, true).start();
    int master = cluster.masterOf(board.slots().first());
    // after the failover of an earlier case, the demoted master shows up as a replica a little later
    Await.until("the master has a replica", Duration.ofSeconds(10), () -> !replicasOf(master).isEmpty());
    int replica = replicasOf(master).get(0);
    // cut the replica off: stopped, it cannot reconnect once the master drops its link, so whatever
    // the master applies from now on is lost with it (data already in the replica's socket is not)
    cluster.freeze(replica);
    try {
      cluster.call(master, "CLIENT", "KILL", "TYPE", "replica");
      Await.until("a write to the master of the stopped replica answered write_unconfirmed", Duration.ofSeconds(30),
          () -> load.failureCodes().contains(Refusal.WRITE_UNCONFIRMED.code()) || !load.errors().isEmpty());
      cluster.kill(master);
    } finally {
      cluster.thaw(replica);
    }
    Await.until("the replica took over", Duration.ofSeconds(30), () -> {
      try {
        return cluster.isMaster(replica);
      } catch (IOException e) {
        return false;
      }
    });
    cluster.restart(master);
    assertThat(cluster.isMaster(master)).as("the old master comes back as a replica").isFalse();
    load.finish();
    assertThat(load.failureCodes()).as("failures are unconfirmed writes only").containsOnly(Refusal.WRITE_UNCONFIRMED.code());
    System.out.printf("%d events acknowledged, %d answered write_unconfirmed%n", load.acknowledged().size(),
        load.failureCodes().size());

    for (String user : load.users()) {
      long[] sums = load.sums().get(user);
      assertThat(score(board.name, user)).as("score of %s", user)
          .isGreaterThanOrEqualTo(sums[0])
          .isLessThanOrEqualTo(sums[0] + sums[1]);
    }
    List<JsonObject> acked = load.acknowledged();
    for (int from = 0; from < acked.size(); from += Limits.MAX_BATCH) {
      List<JsonObject> again = acked.subList(from, Math.min(acked.size(), from + Limits.MAX_BATCH));
      JsonObject r = service.submitBatch(board.name, new JsonObject().put("events", new JsonArray(new ArrayList<>(again))))
          .await();
      assertThat(r.getInteger("applied")).as("acknowledged events that were lost, applied again: %s", r).isZero();
      assertThat(r.getInteger("duplicate")).isEqualTo(again.size());
    }
    JsonArray fresh = new JsonArray();
    load.users().forEach(u -> fresh.add(new JsonObject().put("userId", u).put("value", 1).put("eventId", "after-" + u)
        .put("at", DAY_START + 7_200_000)));
    JsonObject r = service.submitBatch(board.name, new JsonObject().put("events", fresh)).await();
    assertThat(r.getInteger("applied")).as("confirmed again with the old master as replica: %s", r).isEqualTo(fresh.size());
  }

  private static List<Integer> replicasOf(int master) {
    try {
      return cluster.replicasOf(master);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The user's score, 0 when the user has none. */
  private long score(String board, String user) {
    try {
      return service.user(board, user, null, null).await().getLong("score");
    } catch (ServiceException e) {
      assertThat(e.failureCode()).isEqualTo(404);
      return 0;
    }
  }

  /** A daily incr board, its reference model, and the slots its partitions live in. */
  private Board board() throws IOException {
    String name = "cf-" + UUID.randomUUID().toString().substring(0, 8);
    JsonObject def = service.putBoard(name, new JsonObject().put("operator", "incr").put("period", "daily")
        .put("partitions", 8)).await();
    Object stored = cluster.call(cluster.masterOf(cluster.slotOf("{meta}")), "HGET", "lb:{meta}:boards", name);
    return new Board(name, new ReferenceBoard(def, DAY_START), new JsonObject(stored.toString()).getString("uid"));
  }

  private record Board(String name, ReferenceBoard model, String uid) {
    /** The slots of the board's partitions in today's period. */
    TreeSet<Integer> slots() throws IOException {
      TreeSet<Integer> slots = new TreeSet<>();
      for (int p = 0; p < 8; p++) {
        slots.add(cluster.slotOf("{" + name + ":" + uid + ":2025-04-15:" + p + "}"));
      }
      return slots;
    }
  }
}
