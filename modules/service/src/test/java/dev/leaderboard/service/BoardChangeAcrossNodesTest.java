package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.LeaderboardServiceImpl;
import dev.leaderboard.service.request.ScoreEvent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.result.Entry;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceException;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two nodes in one Hazelcast cluster (two clustered Vert.x in this JVM, each running two service
 * instances, so two board caches per node) on the shared test Redis. Node A deletes and redefines
 * boards at random while node B takes writes and reads; the moment A answers, B serves the change
 * through every one of its instances, with no waiting in between.
 */
@ExtendWith(TestSeed.class)
class BoardChangeAcrossNodesTest {
  private static final Instant NOW = Instant.parse("2025-04-15T12:00:00Z");
  private static final int INSTANCES = 2;
  private final List<Vertx> nodes = new ArrayList<>();

  @AfterEach
  void stop() {
    Collections.reverse(nodes);
    for (Vertx v : nodes) {
      v.close().await();
    }
  }

  @Test
  void aBoardChangeAnsweredOnOneNodeHoldsOnTheOtherAtOnce(Random rnd) throws Exception {
    String cluster = "boards-" + UUID.randomUUID();
    int portA = freePort();
    int portB = freePort();
    List<String> members = List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB);
    Vertx va = node(cluster, portA, members);
    Vertx vb = node(cluster, portB, members);
    Await.until("both nodes see each other", Duration.ofSeconds(30),
        () -> members(va).size() == 2 && members(vb).size() == 2);
    LeaderboardServiceImpl a = (LeaderboardServiceImpl) NodeServices.of(va).leaderboards();
    LeaderboardServiceImpl b = (LeaderboardServiceImpl) NodeServices.of(vb).leaderboards();
    // the clustered address takes turns among every instance of both nodes
    LeaderboardService aLocal = LeaderboardService.createProxy(va, BusAddresses.SERVICE);
    LeaderboardService bLocal = LeaderboardService.createProxy(vb, BusAddresses.SERVICE);

    String prefix = "chg-" + UUID.randomUUID().toString().substring(0, 6) + "-";
    List<String> names = List.of(prefix + "x", prefix + "y", prefix + "z");
    // what A last answered for each board (null: deleted or never made), and how many times each was created
    Map<String, Board> acked = new ConcurrentHashMap<>();
    Map<String, Integer> creations = new HashMap<>();
    // even while no change is under way on A, odd while one is
    AtomicLong changing = new AtomicLong();
    Writer writer = new Writer(b, names, acked, changing, rnd.nextLong());
    writer.start();
    try {
      for (int round = 0; round < 60; round++) {
        String name = names.get(rnd.nextInt(names.size()));
        Board before = acked.get(name);
        changing.incrementAndGet();
        if (before != null && rnd.nextInt(3) == 0) {
          a.deleteBoard(name).await();
          acked.remove(name);
          changing.incrementAndGet();
          assertGone(name, a, aLocal, b, bLocal);
        } else {
          JsonObject spec = new JsonObject().put("graceSeconds", rnd.nextInt(3600))
              .put("retainPeriods", 1 + rnd.nextInt(100));
          if (before == null) {
            spec.put("partitions", 1 + rnd.nextInt(8)).put("denseRanks", rnd.nextBoolean());
          }
          Board saved = a.putBoard(name, spec).compose(d -> a.board(name)).await();
          if (before == null) {
            creations.merge(name, 1, Integer::sum);
          } else {
            assertThat(saved.uid()).isEqualTo(before.uid());
          }
          acked.put(name, saved);
          changing.incrementAndGet();
          assertServed(saved, aLocal, b, bLocal);
          assertWritableFromB(saved, creations.get(name), round, a, b, rnd);
        }
      }
    } finally {
      writer.finish();
    }
    assertThat(writer.errors).isEmpty();
    System.out.println("writes and reads on B while A changed boards: " + writer.calls + ", of which "
        + writer.decided.get() + " fell wholly between two changes and were checked");
  }

  /** Every instance of both nodes says the board does not exist, and B takes no write for it. */
  private static void assertGone(String name, LeaderboardServiceImpl a, LeaderboardService aLocal, LeaderboardServiceImpl b,
      LeaderboardService bLocal) {
    assertThat(status(b.getBoard(name))).as("B's first instance still serves %s", name).isEqualTo(404);
    for (int i = 0; i < INSTANCES; i++) {
      assertThat(status(bLocal.getBoard(name))).as("an instance of B still serves %s", name).isEqualTo(404);
      assertThat(status(aLocal.getBoard(name))).as("an instance of A still serves %s", name).isEqualTo(404);
    }
    assertThat(status(b.submit(name, new ScoreEvent(new JsonObject().put("userId", "late").put("value", 1)), true))).isEqualTo(404);
    assertThat(status(b.entries(name, null, 0L, 10, null, null))).isEqualTo(404);
    assertThat(status(a.getBoard(name))).isEqualTo(404);
  }

  /** Every instance of both nodes serves exactly the definition A stored (its uid included). */
  private static void assertServed(Board saved, LeaderboardService aLocal, LeaderboardServiceImpl b, LeaderboardService bLocal) {
    assertThat(b.board(saved.name()).await()).as("B's first instance").isEqualTo(saved);
    for (int i = 0; i < INSTANCES; i++) {
      assertThat(bLocal.getBoard(saved.name()).await().toJson()).as("an instance of B").isEqualTo(saved.toJson());
      assertThat(aLocal.getBoard(saved.name()).await().toJson()).as("an instance of A").isEqualTo(saved.toJson());
    }
  }

  /**
   * A write on B lands in the board A just stored (A reads it back), and the board holds nothing
   * this test wrote into an earlier board of the same name.
   */
  private static void assertWritableFromB(Board saved, int creation, int round, LeaderboardServiceImpl a, LeaderboardServiceImpl b,
      Random rnd) {
    String user = "t" + creation + "-" + round;
    long value = 1 + rnd.nextInt(1000);
    b.submit(saved.name(), new ScoreEvent(new JsonObject().put("userId", user).put("value", value)), true).await();
    assertThat(a.user(saved.name(), user, null, null, null).await().entry().score()).isEqualTo(value);
    List<String> ours = a.entries(saved.name(), null, 0L, 1000, null, null).await().entries().stream()
        .map(Entry::userId).filter(u -> u.startsWith("t")).toList();
    assertThat(ours).as("this board's own writes only").allMatch(u -> u.startsWith("t" + creation + "-"));
  }

  /**
   * Writes and reads on B all along. A call that started and ended while no change was under way on
   * A must agree with A's last answer: refused with 404 for a deleted board, taken for a live one.
   */
  private static final class Writer extends Thread {
    final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger decided = new AtomicInteger();
    private final LeaderboardServiceImpl b;
    private final List<String> names;
    private final Map<String, Board> acked;
    private final AtomicLong changing;
    private final Random rnd;
    private volatile boolean done;
    volatile int calls;

    Writer(LeaderboardServiceImpl b, List<String> names, Map<String, Board> acked, AtomicLong changing, long seed) {
      this.b = b;
      this.names = names;
      this.acked = acked;
      this.changing = changing;
      this.rnd = new Random(seed);
      setDaemon(true);
    }

    @Override
    public void run() {
      while (!done) {
        String name = names.get(rnd.nextInt(names.size()));
        long before = changing.get();
        Board board = acked.get(name);
        Future<?> call = rnd.nextBoolean()
            ? b.submit(name, new ScoreEvent(new JsonObject().put("userId", "load-" + rnd.nextInt(50)).put("value", 1)), true)
            : b.entries(name, null, 0L, 10, null, null);
        Throwable failure = catchThrowable(call::await);
        calls++;
        if (before % 2 == 0 && changing.get() == before) {
          decided.incrementAndGet();
          if (board == null && status(failure) != 404) {
            errors.add("B answered " + (failure == null ? "success" : failure) + " for deleted board " + name);
          } else if (board != null && failure != null) {
            errors.add("B refused live board " + name + ": " + failure);
          }
        }
      }
    }

    void finish() throws InterruptedException {
      done = true;
      join();
    }
  }

  private Vertx node(String cluster, int port, List<String> members) {
    Config hz = ConfigUtil.loadConfig();
    hz.setClusterName(cluster);
    hz.setProperty("hazelcast.phone.home.enabled", "false");
    hz.setProperty("hazelcast.socket.bind.any", "false");
    hz.getNetworkConfig().setPort(port).setPortAutoIncrement(false).setPublicAddress("127.0.0.1:" + port);
    hz.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
    JoinConfig join = hz.getNetworkConfig().getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getTcpIpConfig().setEnabled(true).setMembers(members);
    VertxOptions options = new VertxOptions();
    options.getEventBusOptions().setHost("127.0.0.1").setPort(0);
    Vertx vertx = Vertx.builder().with(options).withClusterManager(new HazelcastClusterManager(hz)).buildClustered()
        .await();
    nodes.add(vertx);
    vertx.deployVerticle(() -> new LeaderboardVerticle(new LeaderboardVerticle.Options(
            NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), Clock.fixed(NOW, ZoneOffset.UTC), 4)),
        new DeploymentOptions().setInstances(INSTANCES)).await();
    return vertx;
  }

  private static List<String> members(Vertx vertx) {
    return ((VertxInternal) vertx).clusterManager().getNodes();
  }

  /** The status a refusal carries, in process or over the event bus; 0 for an answer or another failure. */
  private static int status(Future<?> answer) {
    return status(catchThrowable(answer::await));
  }

  private static int status(Throwable t) {
    if (t instanceof LeaderboardException e) {
      return e.status();
    }
    return t instanceof ServiceException e ? e.failureCode() : 0;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
