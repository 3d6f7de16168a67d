package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three nodes as separate JVMs (the fat jar) in one Hazelcast cluster on loopback, sharing four
 * Redis shards and one PostgreSQL started by the test.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static Path dir;
  private static LocalRedisShards redis;
  private static LocalPostgres postgres;
  private static final List<Node> nodes = new ArrayList<>();
  private static String members;

  record Node(Process process, int httpPort, int clusterPort, Path log) {
  }

  @BeforeAll
  static void startCluster() throws Exception {
    dir = Files.createTempDirectory("leaderboard-cluster");
    redis = LocalRedisShards.start(dir.resolve("redis"), 4);
    postgres = LocalPostgres.start(dir.resolve("pg"));
    List<Integer> clusterPorts = List.of(freePort(), freePort(), freePort());
    members = clusterPorts.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    for (int i = 0; i < 3; i++) {
      nodes.add(startNode(i, clusterPorts.get(i)));
    }
    for (Node n : nodes) {
      awaitCondition("node on port " + n.httpPort() + " ready", Duration.ofSeconds(120),
          () -> status(get(n, "/health/ready")) == 200);
    }
  }

  @AfterAll
  static void stopCluster() throws Exception {
    for (Node n : nodes) {
      n.process().destroyForcibly();
      n.process().waitFor();
    }
    if (postgres != null) {
      postgres.close();
    }
    if (redis != null) {
      redis.close();
    }
  }

  private static Map<String, String> clusterEnv(int clusterPort) {
    Map<String, String> env = new HashMap<>();
    env.put("LB_CLUSTER", "on");
    env.put("LB_CLUSTER_PORT", String.valueOf(clusterPort));
    env.put("LB_CLUSTER_MEMBERS", members);
    env.put("LB_CLUSTER_HOST", "127.0.0.1");
    return env;
  }

  private static Node startNode(int i, int clusterPort) throws IOException {
    int httpPort = freePort();
    Path log = dir.resolve("node-" + i + ".log");
    ProcessBuilder pb = new ProcessBuilder(javaBin(), "-Xmx384m", "-jar", System.getProperty("leaderboard.jar"));
    pb.environment().keySet().removeIf(k -> k.startsWith("LB_"));
    pb.environment().putAll(clusterEnv(clusterPort));
    pb.environment().put("LB_HTTP_PORT", String.valueOf(httpPort));
    pb.environment().put("LB_REDIS_ENDPOINTS", String.join(",", redis.endpoints()));
    pb.environment().put("LB_PG_URI", postgres.uri());
    pb.environment().put("LB_DATA_DIR", dir.resolve("node-" + i).toString());
    pb.environment().put("LB_ADMIN_INTERVAL_SECONDS", "1");
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    return new Node(pb.start(), httpPort, clusterPort, log);
  }

  @Test
  @Order(1)
  void aWriteOnOneNodeIsReadOnEveryOther() {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    assertThat(status(put(nodes.get(0), "/v1/boards/" + board, "{\"operator\":\"incr\"}"))).isEqualTo(201);
    JsonArray events = new JsonArray();
    for (int i = 0; i < 300; i++) {
      events.add(new JsonObject().put("userId", "user" + (i % 50)).put("value", i % 7));
    }
    HttpResponse<String> batch = post(nodes.get(1), "/v1/boards/" + board + "/scores/batch",
        new JsonObject().put("events", events).encode());
    assertThat(new JsonObject(batch.body()).getInteger("applied")).isEqualTo(300);
    String fromNode2 = get(nodes.get(2), "/v1/boards/" + board + "/entries?limit=100").body();
    String fromNode0 = get(nodes.get(0), "/v1/boards/" + board + "/entries?limit=100").body();
    assertThat(new JsonObject(fromNode2).getLong("total")).isEqualTo(50);
    assertThat(fromNode2).isEqualTo(fromNode0);
  }

  @Test
  @Order(2)
  void boardChangesReachEveryNode() {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    assertThat(status(put(nodes.get(0), "/v1/boards/" + board, "{\"operator\":\"set\",\"maxScore\":1000}"))).isEqualTo(201);
    // every node caches the board once it has served it
    for (Node n : nodes) {
      assertThat(status(post(n, "/v1/boards/" + board + "/scores", "{\"userId\":\"a\",\"value\":900}"))).isEqualTo(200);
    }
    assertThat(status(put(nodes.get(1), "/v1/boards/" + board, "{\"maxScore\":500}"))).isEqualTo(200);
    for (Node n : List.of(nodes.get(0), nodes.get(2))) {
      awaitCondition("node " + n.httpPort() + " applies the new maxScore", Duration.ofSeconds(5),
          () -> status(post(n, "/v1/boards/" + board + "/scores", "{\"userId\":\"b\",\"value\":900}")) == 400);
      assertThat(new JsonObject(get(n, "/v1/boards/" + board).body()).getLong("maxScore")).isEqualTo(500);
    }
    assertThat(status(delete(nodes.get(2), "/v1/boards/" + board))).isEqualTo(200);
    for (Node n : nodes) {
      awaitCondition("node " + n.httpPort() + " forgets the deleted board", Duration.ofSeconds(5),
          () -> status(get(n, "/v1/boards/" + board + "/entries")) == 404);
    }
  }

  @Test
  @Order(3)
  void anEventBusClientInAnotherJvmGetsTheHttpAnswers() throws Exception {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    put(nodes.get(0), "/v1/boards/" + board, "{\"operator\":\"best\"}");
    for (int i = 0; i < 20; i++) {
      post(nodes.get(1), "/v1/boards/" + board + "/scores", "{\"userId\":\"c" + i + "\",\"value\":" + (i % 4) + "}");
    }
    ProcessBuilder pb = new ProcessBuilder(javaBin(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        EventBusClientMain.class.getName(), board, "c6");
    pb.environment().keySet().removeIf(k -> k.startsWith("LB_"));
    pb.environment().putAll(clusterEnv(freePort()));
    pb.redirectErrorStream(true);
    Process client = pb.start();
    String output = new String(client.getInputStream().readAllBytes());
    assertThat(client.waitFor()).as(output).isZero();
    Map<String, JsonObject> results = new HashMap<>();
    output.lines().filter(l -> l.startsWith("RESULT ")).map(l -> new JsonObject(l.substring(7)))
        .forEach(r -> results.put(r.getString("call"), r));
    assertThat(results).as(output).containsKeys("user", "entries", "unknownBoard", "badLimit");

    HttpResponse<String> user = get(nodes.get(2), "/v1/boards/" + board + "/users/c6?rankMode=competition");
    assertThat(results.get("user").getJsonObject("body")).isEqualTo(new JsonObject(user.body()));
    HttpResponse<String> entries = get(nodes.get(0), "/v1/boards/" + board + "/entries?limit=5");
    assertThat(results.get("entries").getJsonObject("body")).isEqualTo(new JsonObject(entries.body()));
    HttpResponse<String> unknown = get(nodes.get(1), "/v1/boards/no-such-board-x");
    assertThat(results.get("unknownBoard").getInteger("status")).isEqualTo(unknown.statusCode()).isEqualTo(404);
    assertThat(results.get("unknownBoard").getJsonObject("body").getString("error"))
        .isEqualTo(new JsonObject(unknown.body()).getString("error"));
    HttpResponse<String> badLimit = get(nodes.get(1), "/v1/boards/" + board + "/entries?limit=0");
    assertThat(results.get("badLimit").getInteger("status")).isEqualTo(badLimit.statusCode()).isEqualTo(400);
    assertThat(results.get("badLimit").getJsonObject("body")).isEqualTo(new JsonObject(badLimit.body()));
  }

  @Test
  @Order(4)
  void killingOneNodeUnderLoadLeavesTheOthersServingAndTheirAdminTakesOver() throws Exception {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    String daily = "it-" + UUID.randomUUID().toString().substring(0, 8);
    put(nodes.get(0), "/v1/boards/" + board, "{\"operator\":\"incr\"}");
    put(nodes.get(0), "/v1/boards/" + daily, "{\"period\":\"daily\"}");
    post(nodes.get(0), "/v1/boards/" + daily + "/scores", "{\"userId\":\"d1\",\"value\":3}");
    String today = new JsonObject(get(nodes.get(0), "/v1/boards/" + daily + "/users/d1").body()).getString("period");
    // as if node 0 died while closing today's period: state "closing", its lease still held
    Vertx vertx = Vertx.vertx();
    try {
      Redis meta = Redis.createClient(vertx, redis.endpoints().get(0));
      String uid = periodKeyUid(vertx, daily);
      meta.send(Request.cmd(Command.HSET).arg("lb:{meta}:period-states:" + daily + ":" + uid).arg(today).arg("closing")).await();
      meta.send(Request.cmd(Command.SET).arg("lb:{meta}:lease:" + daily + ":" + uid + ":" + today).arg("dead-node")
          .arg("PX").arg(3000)).await();
      meta.close();
    } finally {
      vertx.close().await();
    }

    Map<String, AtomicInteger> acknowledged = new HashMap<>();
    for (int u = 0; u < 20; u++) {
      acknowledged.put("k" + u, new AtomicInteger());
    }
    AtomicInteger failures = new AtomicInteger();
    AtomicInteger sent = new AtomicInteger();
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    List<CompletableFuture<Void>> workers = new ArrayList<>();
    for (int w = 0; w < 8; w++) {
      int worker = w;
      workers.add(CompletableFuture.runAsync(() -> {
        int i = 0;
        while (!stop.get()) {
          Node n = nodes.get(1 + (i % 2));
          String user = "k" + ((worker * 7 + i) % 20);
          HttpResponse<String> r = post(n, "/v1/boards/" + board + "/scores",
              new JsonObject().put("userId", user).put("value", 1).put("eventId", worker + "-" + i).encode());
          sent.incrementAndGet();
          if (r != null && r.statusCode() == 200 && new JsonObject(r.body()).getBoolean("applied")) {
            acknowledged.get(user).incrementAndGet();
          } else {
            failures.incrementAndGet();
          }
          i++;
        }
      }));
    }
    awaitCondition("load running", Duration.ofSeconds(30), () -> sent.get() >= 300);
    nodes.get(0).process().destroyForcibly();
    int atKill = sent.get();
    awaitCondition("load after the kill", Duration.ofSeconds(60), () -> sent.get() >= atKill + 1000);
    stop.set(true);
    CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new)).get();
    assertThat(nodes.get(0).process().waitFor()).isNotZero();

    assertThat(failures.get()).as("failed requests out of %d", sent.get()).isZero();
    for (Map.Entry<String, AtomicInteger> e : acknowledged.entrySet()) {
      HttpResponse<String> r = get(nodes.get(2), "/v1/boards/" + board + "/users/" + e.getKey());
      assertThat(new JsonObject(r.body()).getLong("score")).as("score of %s", e.getKey()).isEqualTo(e.getValue().get());
    }
    // a surviving node's admin finishes the close the dead node left behind, once its lease lapses
    awaitCondition("today's period archived by a survivor", Duration.ofSeconds(30), () -> {
      JsonObject periods = new JsonObject(get(nodes.get(1), "/v1/boards/" + daily + "/periods").body());
      return periods.getJsonArray("periods").stream().map(o -> (JsonObject) o)
          .anyMatch(p -> p.getString("period").equals(today) && p.getString("state").equals("archived"));
    });
    assertThat(new JsonObject(get(nodes.get(2), "/v1/boards/" + daily + "/users/d1").body()).getLong("score")).isEqualTo(3);
  }

  @Test
  @Order(5)
  void sigtermStopsANodeCleanly() throws Exception {
    Node n = nodes.get(2);
    n.process().destroy();
    assertThat(n.process().waitFor()).isIn(0, 143);
    assertThat(Files.readString(n.log())).contains("leaderboard node stopped");
    assertThat(status(get(nodes.get(1), "/health/ready"))).isEqualTo(200);
  }

  // ---- helpers

  private static String periodKeyUid(Vertx vertx, String board) {
    Redis meta = Redis.createClient(vertx, redis.endpoints().get(0));
    try {
      return new JsonObject(meta.send(Request.cmd(Command.HGET).arg("lb:{meta}:boards").arg(board)).await().toString())
          .getString("uid");
    } finally {
      meta.close();
    }
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Polls a condition until it holds or the deadline passes. */
  private static void awaitCondition(String what, Duration timeout, BooleanSupplier condition) {
    Instant deadline = Instant.now().plus(timeout);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(deadline)) {
        throw new AssertionError("timed out waiting for: " + what + logs());
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static String logs() {
    StringBuilder sb = new StringBuilder();
    for (Node n : nodes) {
      try {
        List<String> lines = Files.readAllLines(n.log());
        sb.append("\n--- node ").append(n.httpPort()).append('\n')
            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
      } catch (IOException e) {
        sb.append(e);
      }
    }
    return sb.toString();
  }

  private static int status(HttpResponse<String> r) {
    return r == null ? -1 : r.statusCode();
  }

  private static HttpResponse<String> get(Node n, String path) {
    return send(n, HttpRequest.newBuilder(uri(n, path)).GET());
  }

  private static HttpResponse<String> delete(Node n, String path) {
    return send(n, HttpRequest.newBuilder(uri(n, path)).DELETE());
  }

  private static HttpResponse<String> put(Node n, String path, String body) {
    return send(n, HttpRequest.newBuilder(uri(n, path)).PUT(HttpRequest.BodyPublishers.ofString(body)));
  }

  private static HttpResponse<String> post(Node n, String path, String body) {
    return send(n, HttpRequest.newBuilder(uri(n, path)).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private static URI uri(Node n, String path) {
    return URI.create("http://127.0.0.1:" + n.httpPort() + path);
  }

  /** {@code null} when the node cannot be reached. */
  private static HttpResponse<String> send(Node n, HttpRequest.Builder request) {
    try {
      return HTTP.send(request.timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json").build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
