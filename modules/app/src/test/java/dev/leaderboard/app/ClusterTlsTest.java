package dev.leaderboard.app;

import dev.leaderboard.core.BusAddresses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.hazelcast.config.Config;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.NodeServices;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.LeaderboardVerticle;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.core.spi.cluster.RegistrationInfo;
import io.vertx.serviceproxy.ServiceException;
import io.vertx.serviceproxy.ServiceProxyBuilder;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.BoardDefinition;

/**
 * Four clustered Vert.x instances in one JVM, on loopback, in one Hazelcast cluster: node {@code a}
 * serves the leaderboard service with mutual TLS on its event bus (the default of a clustered node),
 * {@code c} is a node with a certificate of the same CA, {@code rogue} is a plain Vert.x on
 * Hazelcast that joins as any application could (the cluster's name and a member's address, no
 * certificate) and {@code stranger} a node with a self-signed certificate. Only {@code c} gets answers from {@code a}, and {@code a} sends nothing
 * to the strangers; the private key never reaches the log. Certificates are made for the run
 * ({@link TestCertificates}).
 */
class ClusterTlsTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  /** How long a call that never gets through is given; it cannot succeed later. */
  private static final long REFUSED_MILLIS = 2000;
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final List<Vertx> all = new ArrayList<>();
  private static Path dir;
  private static int aClusterPort;
  private static int aBusPort;
  private static Vertx a;
  private static Vertx c;
  private static Vertx rogue;
  private static Vertx stranger;
  /** What the nodes logged while starting, and the base64 body of the first node's private key. */
  private static String startLog;
  private static String privateKey;

  @BeforeAll
  static void startCluster() throws Exception {
    dir = Files.createTempDirectory("leaderboard-cluster-tls");
    TestCertificates certs = TestCertificates.create(dir);
    List<Integer> ports = List.of(ClusterIT.freePort(), ClusterIT.freePort(), ClusterIT.freePort(), ClusterIT.freePort());
    String members = ports.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    aClusterPort = ports.get(0);
    aBusPort = ClusterIT.freePort();
    List<String> shards = TestShards.endpoints();
    String pgUri = TestPostgres.uri();
    TestCertificates.Tls nodeTls = certs.signed("node");
    // the first member alone, then the others at once: they join it rather than forming clusters of their own
    try (LogCapture log = LogCapture.start()) {
      a = start(node(members, aClusterPort, aBusPort, nodeTls.env())).await();
      Future<String> deployed = a.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(shards, pgUri), CLOCK, 4)));
      Future<Vertx> other = start(node(members, ports.get(1), 0, certs.signed("other-node").env()));
      Future<Vertx> noTls = rogue(members, ports.get(2));
      Future<Vertx> selfSigned = start(node(members, ports.get(3), 0, certs.selfSigned("stranger").env()));
      Future.all(deployed, other, noTls, selfSigned).await();
      c = other.result();
      rogue = noTls.result();
      stranger = selfSigned.result();
      startLog = log.text();
    }
    String key = Files.readString(nodeTls.key());
    privateKey = key.substring(key.indexOf('\n') + 1, key.indexOf("-----END")).replace("\n", "");
  }

  @Test
  void theTlsKeyIsNeverLogged() {
    assertThat(startLog).contains("event bus with mutual TLS");
    assertThat(startLog.replace("\n", "")).doesNotContain(privateKey).doesNotContain(privateKey.substring(0, 40));
  }

  @AfterAll
  static void stopCluster() {
    for (Vertx v : all) {
      v.close().await();
    }
  }

  private static Map<String, String> node(String members, int clusterPort, int busPort, Map<String, String> tls) {
    Map<String, String> env = new HashMap<>(tls);
    env.put("LB_CLUSTER", "on");
    env.put("LB_CLUSTER_HOST", "127.0.0.1");
    env.put("LB_CLUSTER_MEMBERS", members);
    env.put("LB_CLUSTER_PORT", String.valueOf(clusterPort));
    env.put("LB_CLUSTER_BUS_PORT", String.valueOf(busPort));
    return env;
  }

  private static Future<Vertx> start(Map<String, String> env) {
    return kept(LeaderboardApp.createVertx(AppConfig.fromEnv(env)));
  }

  /**
   * A clustered Vert.x as any application makes one: Vert.x's own Hazelcast configuration, the
   * cluster's name and its members' addresses (all a process on the network can learn), no TLS.
   */
  private static Future<Vertx> rogue(String members, int clusterPort) {
    Config hz = ConfigUtil.loadConfig();
    hz.setClusterName(ClusterSetup.CLUSTER_NAME);
    // on loopback only, like the nodes, so the test opens no port to the network
    hz.setProperty("hazelcast.socket.bind.any", "false");
    hz.getNetworkConfig().setPort(clusterPort).setPortAutoIncrement(false).getInterfaces().setEnabled(true)
        .addInterface("127.0.0.1");
    hz.getNetworkConfig().getJoin().getMulticastConfig().setEnabled(false);
    hz.getNetworkConfig().getJoin().getTcpIpConfig().setEnabled(true).setMembers(List.of(members.split(",")));
    VertxOptions options = new VertxOptions();
    options.getEventBusOptions().setHost("127.0.0.1");
    return kept(Vertx.builder().with(options).withClusterManager(new HazelcastClusterManager(hz)).buildClustered());
  }

  private static Future<Vertx> kept(Future<Vertx> started) {
    return started.onSuccess(v -> {
      synchronized (all) {
        all.add(v);
      }
    });
  }

  @Test
  void aNodeWithACertificateOfTheClusterCaCallsTheService() {
    String board = "tls-" + UUID.randomUUID().toString().substring(0, 8);
    BoardDefinition created = proxy(c, 30_000).putBoard(board, new JsonObject()).await();
    assertThat(created.created()).isTrue();
    assertThat(created.definition().getString("board")).isEqualTo(board);
    assertThat(onA().getBoard(board).await().definition().getString("board")).isEqualTo(board);
  }

  @Test
  void membersWithoutACertificateOfTheClusterCaCannotCallTheService() {
    String board = "tls-" + UUID.randomUUID().toString().substring(0, 8);
    String daily = "tls-" + UUID.randomUUID().toString().substring(0, 8);
    onA().putBoard(board, new JsonObject().put("maxScore", 100)).await();
    onA().putBoard(daily, new JsonObject().put("period", "daily")).await();
    BoardDefinition before = onA().getBoard(board).await();
    for (Vertx outsider : List.of(rogue, stranger)) {
      awaitRegistered(outsider, BusAddresses.SERVICE);
      LeaderboardService service = proxy(outsider, REFUSED_MILLIS);
      List<Future<?>> calls = List.of(
          service.putBoard(board, new JsonObject().put("maxScore", 1)),
          service.putBoard("tls-new-" + UUID.randomUUID().toString().substring(0, 8), new JsonObject()),
          service.deleteBoard(board),
          service.closePeriod(daily, "2025-04-14"));
      for (Future<?> call : calls) {
        assertThat(refusal(call)).as("how the call failed").isNotEqualTo(ReplyFailure.NO_HANDLERS);
      }
    }
    assertThat(onA().getBoard(board).await()).isEqualTo(before);
    assertThat(onA().listBoards().await().boards().stream()
        .map(b -> b.getString("board")).filter(n -> n.startsWith("tls-new-")).toList()).isEmpty();
    assertThat(onA().periods(daily).await().periods().stream().map(PeriodList.Item::state).toList())
        .doesNotContain(PeriodState.CLOSING, PeriodState.ARCHIVED);
  }

  @Test
  void aNodeSendsNothingToMembersWithoutACertificateOfTheClusterCa() {
    AtomicInteger received = new AtomicInteger();
    for (Vertx outsider : List.of(rogue, stranger)) {
      String address = "tls-test.outsider." + UUID.randomUUID();
      outsider.eventBus().consumer(address, msg -> {
        received.incrementAndGet();
        msg.reply("got it");
      }).completion().await();
      awaitRegistered(a, address);
      assertThat(refusal(a.eventBus().request(address, "secret", new DeliveryOptions().setSendTimeout(REFUSED_MILLIS))))
          .as("how the request failed").isNotEqualTo(ReplyFailure.NO_HANDLERS);
    }
    assertThat(received).hasValue(0);

    String address = "tls-test.node." + UUID.randomUUID();
    c.eventBus().consumer(address, msg -> msg.reply("pong")).completion().await();
    awaitRegistered(a, address);
    assertThat(a.eventBus().request(address, "ping").await().body()).isEqualTo("pong");
  }

  @Test
  void hazelcastAndTheEventBusListenOnTheClusterHostOnly() {
    for (int port : List.of(aClusterPort, aBusPort)) {
      assertThat(accepts("127.0.0.1", port)).as("127.0.0.1:%s", port).isTrue();
      // every 127/8 address is loopback on Linux: a socket bound to all interfaces accepts it too
      assertThat(accepts("127.0.0.2", port)).as("127.0.0.2:%s", port).isFalse();
    }
  }

  /** Node A's own service, in process. */
  private static LeaderboardService onA() {
    return NodeServices.of(a).leaderboards();
  }

  private static LeaderboardService proxy(Vertx from, long timeoutMillis) {
    return new ServiceProxyBuilder(from).setAddress(BusAddresses.SERVICE)
        .setOptions(new DeliveryOptions().setSendTimeout(timeoutMillis)).build(LeaderboardService.class);
  }

  /** How a call that must not get through failed; fails the test if it was answered. */
  private static ReplyFailure refusal(Future<?> call) {
    try {
      Object answer = call.await(REFUSED_MILLIS * 5, TimeUnit.MILLISECONDS);
      throw new AssertionError("answered: " + answer);
    } catch (ServiceException e) {
      throw new AssertionError("answered by the service: " + e.failureCode() + " " + e.getMessage(), e);
    } catch (ReplyException e) {
      return e.failureType();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** Until {@code from} knows a handler of {@code address} elsewhere in the cluster (so a send is routed to it). */
  private static void awaitRegistered(Vertx from, String address) {
    Await.until("a handler of " + address + " is known", WAIT, () -> !registrations(from, address).isEmpty());
  }

  private static List<RegistrationInfo> registrations(Vertx from, String address) {
    Promise<List<RegistrationInfo>> found = Promise.promise();
    ((VertxInternal) from).clusterManager().getRegistrations(address, found);
    return found.future().await();
  }

  private static boolean accepts(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
