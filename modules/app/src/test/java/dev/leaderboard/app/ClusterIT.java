package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.core.Board;
import dev.leaderboard.store.Keys;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
 * Redis shards and one PostgreSQL started by the test, their event bus on mutual TLS with
 * certificates of a CA made for the run, and one admin key ({@code LB_ADMIN_KEY_FILE}) that every
 * request of the test carries ({@link #send}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Duration ADMIN_INTERVAL = Duration.ofSeconds(1);
  /** Renewed every third of it: a node that stalls for less than two thirds of it keeps its lease. */
  private static final Duration LEASE = Duration.ofSeconds(5);
  /**
   * From a lease holder's death to the period archived by another node: the lease lapses, the next
   * admin tick (one interval, another if one was running) takes it, and the close itself runs.
   */
  private static final Duration TAKEOVER = LEASE.plus(ADMIN_INTERVAL.multipliedBy(2)).plusSeconds(10);
  private static Path dir;
  private static LocalRedisShards redis;
  private static LocalPostgres postgres;
  private static final List<Node> nodes = new ArrayList<>();
  private static String members;
  private static Path adminKey;
  private static String admin;
  private static Map<String, String> tls;

  record Node(Process process, int httpPort, int clusterPort, Path log) {
  }

  @BeforeAll
  static void startCluster() throws Exception {
    dir = Files.createTempDirectory("leaderboard-cluster");
    adminKey = dir.resolve("admin.key");
    Files.writeString(adminKey, ApiKeyToken.generate(new SecureRandom()).value());
    admin = AdminClients.bearer(adminKey);
    redis = LocalRedisShards.start(dir.resolve("redis"), 4);
    postgres = LocalPostgres.start(dir.resolve("pg"));
    tls = TestCertificates.create(Files.createDirectories(dir.resolve("tls"))).signed("node").env();
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
    Map<String, String> env = new HashMap<>(tls);
    env.put("LB_CLUSTER", "on");
    env.put("LB_CLUSTER_PORT", String.valueOf(clusterPort));
    env.put("LB_CLUSTER_MEMBERS", members);
    env.put("LB_CLUSTER_HOST", "127.0.0.1");
    env.put("LB_ADMIN_KEY_FILE", adminKey.toString());
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
    pb.environment().put("LB_ADMIN_INTERVAL_SECONDS", String.valueOf(ADMIN_INTERVAL.toSeconds()));
    pb.environment().put("LB_CLOSE_LEASE_SECONDS", String.valueOf(LEASE.toSeconds()));
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    return new Node(pb.start(), httpPort, clusterPort, log);
  }

  @Test
  @Order(0)
  void everyNodeSeesTheWholeClusterInItsReadiness() {
    for (Node n : nodes) {
      awaitCondition("node on port " + n.httpPort() + " sees 3 members", Duration.ofSeconds(60),
          () -> new JsonObject(get(n, "/health/ready").body()).getJsonObject("checks").getJsonObject("cluster")
              .getInteger("members", 0) == 3);
    }
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
  void killingTheNodeThatHoldsACloseLeaseUnderLoadLeavesTheOthersServingAndTheirAdminTakesOver() throws Exception {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    String daily = "it-" + UUID.randomUUID().toString().substring(0, 8);
    put(nodes.get(0), "/v1/boards/" + board, "{\"operator\":\"incr\"}");
    // a day of grace: no admin finds the period due during the test, whatever the time of day
    // the period pays its two best a reward, recorded with the archive by whichever node finishes the close
    put(nodes.get(0), "/v1/boards/" + daily, "{\"period\":\"daily\",\"graceSeconds\":86400,"
        + "\"rewards\":[{\"ranks\":[1,2],\"reward\":{\"gems\":10}}]}");
    String period = new JsonObject(post(nodes.get(0), "/v1/boards/" + daily + "/scores",
        "{\"userId\":\"d1\",\"value\":3}").body()).getString("period");
    post(nodes.get(1), "/v1/boards/" + daily + "/scores", "{\"userId\":\"d2\",\"value\":2}");
    post(nodes.get(2), "/v1/boards/" + daily + "/scores", "{\"userId\":\"d3\",\"value\":1}");

    Vertx vertx = Vertx.vertx();
    Redis meta = Redis.createClient(vertx, redis.endpoints().get(0));
    Board b = board(meta, daily);
    String lease = Keys.closeLease(b, period);
    try (ArchiveGate gate = ArchiveGate.shut(vertx, postgres.uri(), b.uid(), period);
        Load load = Load.start(8, 20, (i, user, eventId) -> submitTo(i, board, user, eventId))) {
      // node 0 closes the period on request: it takes the lease, marks the period closing, freezes
      // it and stops at the gate; the other nodes' admins see "closing" but cannot take the lease
      CompletableFuture<HttpResponse<String>> closing = HTTP.sendAsync(HttpRequest.newBuilder(
              uri(nodes.get(0), "/v1/boards/" + daily + "/periods/" + period + "/close"))
          .POST(HttpRequest.BodyPublishers.noBody()).header("Authorization", admin).timeout(Duration.ofMinutes(5)).build(),
          HttpResponse.BodyHandlers.ofString());
      awaitCondition("node 0 waits at the archive holding the close lease", Duration.ofSeconds(30),
          () -> gate.waiting().size() == 1 && get(meta, lease) != null);
      String holder = get(meta, lease);
      List<Integer> node0Session = gate.waiting();
      assertThat(periodState(nodes.get(1), daily, period)).isEqualTo("closing");

      awaitCondition("load running", Duration.ofSeconds(30), () -> load.sent() >= 300);
      // still node 0's lease (renewed while it waits), and still node 0 alone at the gate
      assertThat(get(meta, lease)).isEqualTo(holder);
      assertThat(gate.waiting()).isEqualTo(node0Session);
      nodes.get(0).process().destroyForcibly();
      long killed = System.nanoTime();
      assertThat(nodes.get(0).process().waitFor()).isNotZero();
      int atKill = load.sent();
      gate.open(node0Session);

      // the lease lapses, the next admin tick on a survivor takes it and finishes the close
      awaitCondition("a survivor archives the period node 0 died closing",
          TAKEOVER.minus(Duration.ofNanos(System.nanoTime() - killed)),
          () -> "archived".equals(periodState(nodes.get(1), daily, period)));
      System.out.printf("period %s archived by a survivor %d ms after its lease holder died (lease %d s)%n", period,
          Duration.ofNanos(System.nanoTime() - killed).toMillis(), LEASE.toSeconds());
      awaitCondition("the survivor gives the lease back", Duration.ofSeconds(10), () -> get(meta, lease) == null);
      assertThat(closing.handle((r, t) -> r == null ? -1 : r.statusCode()).get(30, TimeUnit.SECONDS))
          .as("node 0 never answered its close").isNotEqualTo(200);

      awaitCondition("load after the kill", Duration.ofSeconds(60), () -> load.sent() >= atKill + 1000);
      load.close();
      assertThat(load.failures()).as("failed requests out of %d", load.sent()).isZero();
      for (Map.Entry<String, Integer> e : load.acknowledged().entrySet()) {
        HttpResponse<String> r = get(nodes.get(2), "/v1/boards/" + board + "/users/" + e.getKey());
        assertThat(new JsonObject(r.body()).getLong("score")).as("score of %s", e.getKey()).isEqualTo(e.getValue().longValue());
      }
    } finally {
      meta.close();
      vertx.close().await();
    }
    // exactly one archive of the period, with the answers it had
    JsonArray periods = new JsonObject(get(nodes.get(2), "/v1/boards/" + daily + "/periods").body()).getJsonArray("periods");
    assertThat(periods.stream().map(o -> (JsonObject) o).filter(p -> p.getString("period").equals(period)).toList())
        .singleElement().satisfies(p -> {
          assertThat(p.getString("state")).isEqualTo("archived");
          assertThat(p.getLong("size")).isEqualTo(3);
        });
    JsonObject d1 = new JsonObject(get(nodes.get(2), "/v1/boards/" + daily + "/users/d1?period=" + period).body());
    assertThat(d1.getLong("score")).isEqualTo(3);
    assertThat(d1.getLong("rank")).isEqualTo(1);
    // each reward recorded once although the node that began the close died inside its archive transaction
    JsonArray rewards = new JsonObject(get(nodes.get(1), "/v1/boards/" + daily + "/periods/" + period + "/rewards")
        .body()).getJsonArray("rewards");
    assertThat(rewards.stream().map(o -> ((JsonObject) o).getString("userId") + "@" + ((JsonObject) o).getLong("rank")))
        .containsExactly("d1@1", "d2@2");
  }

  @Test
  @Order(5)
  void aPeriodClosedOnOneNodeIsPostedSignedToItsWebhookUntilA2xxAndShownOnEveryNode() throws Exception {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    String secret = "it-secret-" + UUID.randomUUID();
    Vertx vertx = Vertx.vertx();
    List<JsonObject> got = new java.util.concurrent.CopyOnWriteArrayList<>();
    CompletableFuture<Void> second = new CompletableFuture<>();
    try {
      // the receiver answers 503 once, then 200
      io.vertx.core.http.HttpServer receiver = vertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
        String ts = req.getHeader("X-Leaderboard-Timestamp");
        got.add(new JsonObject().put("id", req.getHeader("X-Leaderboard-Event-Id"))
            .put("signed", hmacHex(secret, ts + "." + body).equals(
                String.valueOf(req.getHeader("X-Leaderboard-Signature")).replaceFirst("^sha256=", "")))
            .put("body", body.toJsonObject()));
        req.response().setStatusCode(got.size() == 1 ? 503 : 200).end();
        if (got.size() == 2) {
          second.complete(null);
        }
      })).listen(0, "127.0.0.1").await();
      String url = "http://127.0.0.1:" + receiver.actualPort() + "/hook";
      assertThat(status(put(nodes.get(1), "/v1/boards/" + board, new JsonObject().put("period", "daily")
          .put("graceSeconds", 86400).put("webhook", new JsonObject().put("url", url).put("secret", secret)).encode())))
          .isEqualTo(201);
      for (String user : List.of("a", "b", "c")) {
        assertThat(status(post(nodes.get(2), "/v1/boards/" + board + "/scores",
            new JsonObject().put("userId", user).put("value", (int) user.charAt(0)).encode()))).isEqualTo(200);
      }
      HttpResponse<String> closed = post(nodes.get(1), "/v1/boards/" + board + "/periods/current/close", "");
      assertThat(status(closed)).isEqualTo(200);
      String period = new JsonObject(closed.body()).getString("period");
      second.get(60, TimeUnit.SECONDS);

      assertThat(got).hasSize(2).allSatisfy(r -> assertThat(r.getBoolean("signed")).isTrue());
      assertThat(got.get(1).getString("id")).isEqualTo(got.get(0).getString("id"));
      JsonObject event = got.get(1).getJsonObject("body");
      assertThat(event.getString("board")).isEqualTo(board);
      assertThat(event.getString("period")).isEqualTo(period);
      assertThat(event.getLong("total")).isEqualTo(3);
      assertThat(event.getJsonArray("top").stream().map(o -> ((JsonObject) o).getString("userId")).toList())
          .containsExactly("c", "b", "a");
      for (Node n : List.of(nodes.get(1), nodes.get(2))) {
        awaitCondition("node " + n.httpPort() + " shows the webhook delivered", Duration.ofSeconds(10), () -> {
          JsonObject p = new JsonObject(get(n, "/v1/boards/" + board + "/periods").body()).getJsonArray("periods")
              .stream().map(o -> (JsonObject) o).filter(o -> o.getString("period").equals(period)).findFirst().orElseThrow();
          JsonObject w = p.getJsonObject("webhook");
          return w != null && "delivered".equals(w.getString("state")) && w.getInteger("attempts") == 2
              && got.get(0).getString("id").equals(w.getString("eventId"));
        });
      }
      assertThat(get(nodes.get(2), "/v1/boards/" + board).body()).contains("\"hasSecret\":true").doesNotContain(secret);
      assertThat(got).hasSize(2);
    } finally {
      vertx.close().await();
    }
  }

  private static String hmacHex(String secret, String content) throws RuntimeException {
    try {
      javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
      mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8), "HmacSHA256"));
      return java.util.HexFormat.of().formatHex(mac.doFinal(content.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A fourth node closes a league's period and is killed (SIGKILL) while it waits to record the
   * moves, holding the league's close lease, after archiving every tier; a survivor's admin tick
   * finishes the close, and every member is moved once, as the ladder's rules say.
   */
  @Test
  @Order(6)
  void killingTheNodeClosingALeaguesPeriodLeavesEveryMemberMovedOnce() throws Exception {
    Node closer = startNode(3, freePort());
    nodes.add(closer);
    awaitCondition("a fourth node ready", Duration.ofSeconds(120), () -> status(get(closer, "/health/ready")) == 200);
    String league = "it-" + UUID.randomUUID().toString().substring(0, 8);
    assertThat(status(put(nodes.get(1), "/v1/leagues/" + league, "{\"tiers\":[\"low\",\"high\"],\"cohortSize\":3,"
        + "\"promote\":1,\"relegate\":1,\"period\":\"daily\"}"))).isEqualTo(201);
    // six members per tier score once each, in turn, with distinct values: cohorts of three fill in that order
    Map<String, String> expected = new HashMap<>();
    String period = null;
    int value = 0;
    for (String tier : List.of("low", "high")) {
      List<String> turn = new ArrayList<>();
      Map<String, Integer> scores = new HashMap<>();
      for (int i = 0; i < 6; i++) {
        String user = tier + i;
        assertThat(status(post(nodes.get(1 + i % 2), "/v1/leagues/" + league + "/members",
            "{\"userId\":\"" + user + "\",\"tier\":\"" + tier + "\"}"))).isEqualTo(201);
        value = (value * 7 + 5) % 101;
        period = new JsonObject(post(nodes.get(1 + i % 2), "/v1/leagues/" + league + "/scores",
            "{\"userId\":\"" + user + "\",\"value\":" + value + "}").body()).getString("period");
        turn.add(user);
        scores.put(user, value);
      }
      for (int c = 0; c < turn.size(); c += 3) {
        List<String> cohort = new ArrayList<>(turn.subList(c, c + 3));
        cohort.sort(java.util.Comparator.comparing(scores::get).reversed());
        cohort.forEach(u -> expected.put(u, tier));
        expected.put(tier.equals("low") ? cohort.get(0) : cohort.get(2), tier.equals("low") ? "high" : "low");
      }
    }
    Vertx vertx = Vertx.vertx();
    try (LeagueMoveGate gate = LeagueMoveGate.shut(vertx, postgres.uri())) {
      CompletableFuture<HttpResponse<String>> closing = HTTP.sendAsync(HttpRequest.newBuilder(
              uri(closer, "/v1/leagues/" + league + "/periods/" + period + "/close"))
          .POST(HttpRequest.BodyPublishers.noBody()).header("Authorization", admin).timeout(Duration.ofMinutes(5)).build(),
          HttpResponse.BodyHandlers.ofString());
      awaitCondition("the fourth node waits to record the moves", Duration.ofSeconds(60), () -> gate.waiting().size() == 1);
      List<Integer> session = gate.waiting();
      assertThat(new JsonObject(get(nodes.get(1), "/v1/leagues/" + league + "/periods").body()).getJsonArray("periods"))
          .as("nobody moved yet").isEmpty();
      closer.process().destroyForcibly();
      long killed = System.nanoTime();
      assertThat(closer.process().waitFor()).isNotZero();
      gate.open(session);
      assertThat(closing.handle((r, t) -> r == null ? -1 : r.statusCode()).get(30, TimeUnit.SECONDS))
          .as("the killed node never answered its close").isNotEqualTo(200);

      // the league's lease lapses; the next admin tick on a survivor finishes the close (the period
      // is listed closed once its moves are applied)
      String id = period;
      awaitCondition("a survivor finishes the league's close", TAKEOVER, () -> new JsonObject(
          get(nodes.get(2), "/v1/leagues/" + league + "/periods").body()).getJsonArray("periods").stream()
          .anyMatch(p -> id.equals(((JsonObject) p).getString("period"))));
      System.out.printf("league period %s closed by a survivor %d ms after the closing node died (lease %d s)%n",
          period, Duration.ofNanos(System.nanoTime() - killed).toMillis(), LEASE.toSeconds());
    } finally {
      vertx.close().await();
    }
    // each member moved once, where the ladder's rules say
    for (Map.Entry<String, String> e : expected.entrySet()) {
      JsonArray history = new JsonObject(get(nodes.get(1), "/v1/leagues/" + league + "/users/" + e.getKey()
          + "/history").body()).getJsonArray("periods");
      assertThat(history).as("history of %s", e.getKey()).hasSize(1);
      assertThat(history.getJsonObject(0).getString("period")).isEqualTo(period);
      assertThat(history.getJsonObject(0).getString("to")).as("tier of %s", e.getKey()).isEqualTo(e.getValue());
    }
    // the close, asked again, finds it done and moves nobody twice
    JsonObject again = new JsonObject(post(nodes.get(2), "/v1/leagues/" + league + "/periods/" + period + "/close", "")
        .body());
    assertThat(again.getLong("total")).isEqualTo(expected.size());
    for (Object o : again.getJsonArray("moves")) {
      JsonObject m = (JsonObject) o;
      assertThat(m.getString("to")).as("move of %s", m.getString("userId")).isEqualTo(expected.get(m.getString("userId")));
    }
  }

  @Test
  @Order(7)
  void aKeyRevokedOnOneNodeIsRefusedByEveryOtherWithinASecond() {
    String board = "it-" + UUID.randomUUID().toString().substring(0, 8);
    assertThat(status(put(nodes.get(1), "/v1/boards/" + board, "{}"))).isEqualTo(201);
    JsonObject made = new JsonObject(post(nodes.get(1), "/v1/keys", "{\"name\":\"it\",\"scopes\":[\"read\"]}").body());
    String reader = "Bearer " + made.getString("key");
    String entries = "/v1/boards/" + board + "/entries";
    for (Node n : List.of(nodes.get(1), nodes.get(2))) {
      assertThat(status(send(n, HttpRequest.newBuilder(uri(n, entries)).GET(), reader))).isEqualTo(200);
    }
    assertThat(status(delete(nodes.get(1), "/v1/keys/" + made.getString("id")))).isEqualTo(200);
    long revoked = System.nanoTime();
    awaitCondition("node 2 refuses the key revoked on node 1", Duration.ofSeconds(1),
        () -> status(send(nodes.get(2), HttpRequest.newBuilder(uri(nodes.get(2), entries)).GET(), reader)) == 401);
    System.out.printf("a key revoked on node 1 was refused by node 2 %d ms later%n",
        Duration.ofNanos(System.nanoTime() - revoked).toMillis());
  }

  @Test
  @Order(8)
  void sigtermStopsANodeCleanly() throws Exception {
    Node n = nodes.get(2);
    n.process().destroy();
    assertThat(n.process().waitFor()).isIn(0, 143);
    assertThat(Files.readString(n.log())).contains("leaderboard node stopped");
    assertThat(status(get(nodes.get(1), "/health/ready"))).isEqualTo(200);
  }

  // ---- helpers

  private static HttpResponse<String> submitTo(int i, String board, String user, String eventId) {
    return post(nodes.get(1 + (i % 2)), "/v1/boards/" + board + "/scores",
        new JsonObject().put("userId", user).put("value", 1).put("eventId", eventId).encode());
  }

  private static Board board(Redis meta, String name) {
    return Board.fromStored(new JsonObject(meta.send(Request.cmd(Command.HGET).arg(Keys.BOARDS).arg(name)).await().toString()));
  }

  /** The value of a Redis key, null when there is none. */
  private static String get(Redis meta, String key) {
    Response r = meta.send(Request.cmd(Command.GET).arg(key)).await();
    return r == null ? null : r.toString();
  }

  private static String periodState(Node n, String board, String period) {
    JsonObject periods = new JsonObject(get(n, "/v1/boards/" + board + "/periods").body());
    return periods.getJsonArray("periods").stream().map(o -> (JsonObject) o)
        .filter(p -> p.getString("period").equals(period)).map(p -> p.getString("state")).findFirst().orElse(null);
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Until the condition holds (an observable state, looked at every 50 ms); a timeout fails with the nodes' logs. */
  private static void awaitCondition(String what, Duration timeout, BooleanSupplier condition) {
    try {
      Await.until(what, timeout, condition);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + logs(), e);
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

  /** With the test's admin key; {@code null} when the node cannot be reached. */
  private static HttpResponse<String> send(Node n, HttpRequest.Builder request) {
    return send(n, request, admin);
  }

  private static HttpResponse<String> send(Node n, HttpRequest.Builder request, String authorization) {
    try {
      return HTTP.send(request.timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
              .header("Authorization", authorization).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
