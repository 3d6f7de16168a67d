package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code migrate}: a standalone 2-shard store filled through a node (boards of every kind with more
 * partitions than shards, packed and wide, dense ranks, events with IDs and metadata, a ban,
 * attempts, participants, a closed period, friends, an API key, a key with a time to live) is copied
 * into a local 3-master cluster. Its key sets are split into partitions: each partition's key must
 * hold only its own users, and the partitions' keys merged back into their key sets ({@link KeySets})
 * must be the source's, value by value (a dense index: the union of the distinct scores and the
 * counts summed); every other key is compared with its source as it is. A second run changes
 * nothing; a dry run and a refused target write nothing; and a node in cluster mode on the copy
 * answers every read as the node on the shards did.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MigrateCommandTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  static final String LEASE = "lb:{meta}:lease:migrate-test";

  Vertx vertx;
  LocalRedisShards shards;
  Path nodeDir;
  LeaderboardApp app;
  LocalRedisCluster cluster;
  /** Every lb:* key of the shards, with its value. */
  Map<String, String> source;
  /** The node's answers to every read of {@link #READS}, on the shards. */
  Map<String, String> sourceReads;
  /** An API key created on the shards. */
  String readKey;

  @BeforeAll
  void fill(Random rnd, @TempDir Path dir) throws Exception {
    vertx = Vertx.vertx();
    shards = LocalRedisShards.start(dir.resolve("shards"), 2);
    nodeDir = dir.resolve("node");
    int port = AppRestartTest.freePort();
    app = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", nodeDir.toString(), "LB_HTTP_PORT",
        String.valueOf(port), "LB_REDIS_ENDPOINTS", String.join(",", shards.endpoints()))), CLOCK).await();
    WebClient http = AdminClients.of(vertx, app);
    put(http, port, "/v1/boards/mig-daily", new JsonObject().put("period", "daily").put("operator", "best")
        .put("maxAttempts", 1000));
    put(http, port, "/v1/boards/mig-asc", new JsonObject().put("order", "asc").put("maxScore", 100000).put("partitions", 5));
    put(http, port, "/v1/boards/mig-dense", new JsonObject().put("period", "weekly").put("denseRanks", true)
        .put("maxSize", 1000));
    put(http, port, "/v1/boards/mig-wide", new JsonObject().put("layout", "wide").put("operator", "best")
        .put("denseRanks", true));
    for (String board : List.of("mig-daily", "mig-asc", "mig-dense", "mig-wide")) {
      JsonArray events = new JsonArray();
      for (int i = 0; i < 400; i++) {
        JsonObject e = new JsonObject().put("userId", "user" + rnd.nextInt(150)).put("value", rnd.nextInt(1000))
            .put("eventId", "e" + i);
        events.add(rnd.nextInt(4) == 0 ? e.put("meta", new JsonObject().put("n", i)) : e);
      }
      assertThat(send(http.post(port, "localhost", "/v1/boards/" + board + "/scores/batch"), new JsonObject().put("events", events))
          .statusCode()).isEqualTo(200);
    }
    for (int u = 0; u < 20; u++) {
      JsonArray friends = new JsonArray();
      for (int f = 0; f < 8; f++) {
        friends.add("user" + rnd.nextInt(150));
      }
      friends.remove("user" + u);
      assertThat(send(http.post(port, "localhost", "/v1/users/user" + u + "/friends"), new JsonObject().put("friendIds", friends))
          .statusCode()).isEqualTo(200);
    }
    HttpResponse<Buffer> created = send(http.post(port, "localhost", "/v1/keys"), new JsonObject().put("name", "migrated")
        .put("scopes", new JsonArray().add("read")));
    assertThat(created.statusCode()).isEqualTo(201);
    readKey = created.bodyAsJsonObject().getString("key");
    assertThat(send(http.post(port, "localhost", "/v1/boards/mig-daily/periods/2025-04-15/close"), null).statusCode())
        .isEqualTo(200);
    assertThat(send(http.put(port, "localhost", "/v1/users/user7/ban"), new JsonObject().put("reason", "migrate test"))
        .statusCode()).isEqualTo(200);
    Redis meta = RedisContents.client(vertx, List.of(shards.endpoints().get(0)), RedisClientType.STANDALONE);
    meta.send(Request.cmd(Command.SET).arg(LEASE).arg("owner").arg("PX").arg(600_000)).await();
    meta.close();
    source = RedisContents.ofStandalone(vertx, shards.endpoints());
    System.out.println("source: " + source.size() + " keys");
    // every kind of key of a key set: scores, events, dense index, marks, metadata, ban and stash, attempts,
    // participants, the wide user map
    assertThat(source.keySet()).anyMatch(k -> k.endsWith(":closed")).anyMatch(k -> k.endsWith(":e"))
        .anyMatch(k -> k.endsWith(":d")).anyMatch(k -> k.endsWith(":n")).anyMatch(k -> k.startsWith("lb:{fr:"))
        .anyMatch(k -> k.endsWith(":live")).anyMatch(k -> k.endsWith(":m")).anyMatch(k -> k.endsWith(":b"))
        .anyMatch(k -> k.endsWith(":x")).anyMatch(k -> k.endsWith(":a")).anyMatch(k -> k.endsWith(":p"))
        .anyMatch(k -> k.contains("}:u:"))
        .contains("lb:{meta}:boards", "lb:{meta}:api-keys", LEASE)
        .anyMatch(k -> k.startsWith("lb:{meta}:periods:")).anyMatch(k -> k.startsWith("lb:{meta}:period-states:"));
    sourceReads = reads(http, port);
    cluster = LocalRedisCluster.start(dir.resolve("cluster"), 3, 0, Duration.ofSeconds(5));
  }

  @AfterAll
  void stop() {
    if (app != null) {
      app.stop().await();
    }
    if (cluster != null) {
      cluster.close();
    }
    if (shards != null) {
      shards.close();
    }
    vertx.close().await();
  }

  @Test
  @Order(1)
  void aTargetThatIsNotAClusterIsRefusedAndNothingIsWritten() {
    // the second shard as the "cluster": a standalone server
    Run run = migrate(List.of("--from", shards.endpoints().get(0), "--to", shards.endpoints().get(1)), Map.of());
    assertThat(run.status).as(run.text()).isEqualTo(MigrateCommand.REFUSED);
    assertThat(run.err).contains("not a Redis Cluster node");
    assertThat(RedisContents.ofStandalone(vertx, shards.endpoints())).isEqualTo(source);
    assertThat(RedisContents.ofStandalone(vertx, nodes())).isEmpty();
  }

  @Test
  @Order(1)
  void aSourceListedWithAnotherNumberOfEndpointsIsRefusedAndNothingIsWritten() {
    Map<String, String> oneShard = new TreeMap<>(env());
    oneShard.put("MIGRATE_FROM", shards.endpoints().get(0));
    Run run = migrate(List.of(), oneShard);
    assertThat(run.status).as(run.text()).isEqualTo(MigrateCommand.REFUSED);
    assertThat(run.err).contains("lb:{meta}:key-sets = endpoints:2, but --from lists 1 endpoint(s)");
    assertThat(RedisContents.ofStandalone(vertx, nodes())).isEmpty();
  }

  @Test
  @Order(2)
  void aDryRunCountsAndWritesNothing() {
    Run run = migrate(List.of("--dry-run"), env());
    assertThat(run.status).as(run.text()).isZero();
    // every key but the layout (the cluster's is written at the end)
    assertThat(run.out).contains("dry run: nothing written; " + (source.size() - 1) + " keys differ on the cluster now");
    assertThat(RedisContents.ofStandalone(vertx, nodes())).isEmpty();
  }

  @Test
  @Order(3)
  void everyKeyIsCopiedWithItsValueAndExpiry() {
    Run run = migrate(List.of(), env());
    assertThat(run.status).as(run.text()).isZero();
    long split = source.keySet().stream().filter(k -> SPLIT.matcher(k).matches()).count() - derived().size();
    assertThat(run.out).contains("copied " + (source.size() - split - derived().size() - 1) + " keys")
        .contains("split " + split + " keys of key sets into their partitions' keys; " + derived().size()
            + " keys of dense indexes rebuilt").contains("verified: every key is on the cluster");
    assertThat(split).as("key sets of several partitions").isPositive();
    assertThat(derived()).as("dense indexes of key sets, packed and wide").anyMatch(k -> k.startsWith("lb:{mig-dense:"))
        .anyMatch(k -> k.startsWith("lb:{mig-wide:"));
    assertThat(run.text()).doesNotContain(password(cluster.seeds().get(0))).doesNotContain(password(shards.endpoints().get(0)));
    // every node's keys, read node by node: each partition's own, and merged back by endpoint the source's
    Map<String, String> copied = RedisContents.ofStandalone(vertx, nodes());
    assertThat(mergedBack()).isEqualTo(withoutLayout(source));
    assertThat(copied.get("lb:{meta}:key-sets")).isEqualTo("string partitions");
    assertThat(RedisContents.ofCluster(vertx, cluster.seeds(), copied.keySet())).isEqualTo(copied);
    Redis nodes = RedisContents.client(vertx, cluster.seeds(), RedisClientType.CLUSTER);
    long pttl = nodes.send(Request.cmd(Command.PTTL).arg(LEASE)).await().toLong();
    nodes.close();
    assertThat(pttl).as("the lease keeps its time to live").isBetween(1L, 600_000L);
    // the keys are spread over the masters, each slot on its own
    for (String node : nodes()) {
      assertThat(RedisContents.ofStandalone(vertx, List.of(node))).as("keys on %s", node).isNotEmpty();
    }
  }

  @Test
  @Order(4)
  void runningItAgainChangesNothing() {
    Map<String, String> before = RedisContents.ofStandalone(vertx, nodes());
    Run run = migrate(List.of(), env());
    assertThat(run.status).as(run.text()).isZero();
    assertThat(run.out).contains("verified: every key is on the cluster");
    assertThat(RedisContents.ofStandalone(vertx, nodes())).isEqualTo(before);
    assertThat(mergedBack()).isEqualTo(withoutLayout(source));
  }

  @Test
  @Order(5)
  void aNodeInClusterModeOnTheCopyAnswersEveryReadAsBefore() throws Exception {
    app.stop().await();
    app = null;
    int port = AppRestartTest.freePort();
    // the same data directory: the same archive (the embedded PostgreSQL) and admin key file
    app = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", nodeDir.toString(), "LB_HTTP_PORT", String.valueOf(port),
        "LB_REDIS_MODE", "cluster", "LB_REDIS_ENDPOINTS", String.join(",", cluster.seeds()))), CLOCK).await();
    assertThat(reads(AdminClients.of(vertx, app), port)).isEqualTo(sourceReads);
    HttpResponse<Buffer> withMigratedKey = AdminClients.withAuthorization(vertx, "Bearer " + readKey)
        .get(port, "localhost", "/v1/boards/mig-asc/entries").send().await();
    assertThat(withMigratedKey.statusCode()).as("the API key created on the shards").isEqualTo(200);
  }

  static final List<String> BOARDS = List.of("mig-daily", "mig-asc", "mig-dense", "mig-wide");

  /** A node's answers to reads of everything the test wrote: boards, pages, users, around, periods, friends, keys. */
  static Map<String, String> reads(WebClient http, int port) {
    List<String> paths = new ArrayList<>(List.of("/v1/boards", "/v1/keys"));
    for (String board : BOARDS) {
      paths.add("/v1/boards/" + board);
      paths.add("/v1/boards/" + board + "/periods");
      paths.add("/v1/boards/" + board + "/entries?limit=1000");
      paths.add("/v1/boards/" + board + "/entries?offset=17&limit=50&rankMode=competition");
      for (int u = 0; u < 150; u += 7) {
        paths.add("/v1/boards/" + board + "/users/user" + u);
        paths.add("/v1/boards/" + board + "/users/user" + u + "/around?limit=5");
      }
      for (int u = 0; u < 20; u += 3) {
        paths.add("/v1/boards/" + board + "/users/user" + u + "/friends");
      }
    }
    paths.add("/v1/boards/mig-dense/entries?limit=100&rankMode=dense");
    for (int u = 0; u < 20; u++) {
      paths.add("/v1/users/user" + u + "/friends");
    }
    Map<String, String> out = AdminClients.answers(http, port, paths);
    assertThat(out.values().stream().filter(s -> s.startsWith("200 ")).count()).as("reads answered: %s", out)
        .isGreaterThan(paths.size() * 3 / 4);
    return out;
  }

  /** The key of a board period's key set (the meta, join and friend keys excluded). */
  static final java.util.regex.Pattern SPLIT = java.util.regex.Pattern.compile("^lb:\\{mig-[a-z]+:[^:}]+:[^:}]+:\\d+}:.*");

  /** The source's dense-index keys of key sets, rebuilt per partition rather than copied. */
  private List<String> derived() {
    return source.keySet().stream().filter(k -> SPLIT.matcher(k).matches() && (k.endsWith("}:d") || k.endsWith("}:n")))
        .toList();
  }

  /** The cluster's keys merged back into the source's key sets; the layout key left out. */
  private Map<String, String> mergedBack() {
    Map<String, String> out = KeySets.mergedBack(vertx, nodes(), shards.endpoints().size(),
        Map.of("mig-daily", 8, "mig-asc", 5, "mig-dense", 8, "mig-wide", 8));
    assertThat(out.remove("lb:{meta}:key-sets")).isEqualTo("string partitions");
    return out;
  }

  private static Map<String, String> withoutLayout(Map<String, String> keys) {
    Map<String, String> out = new TreeMap<>(keys);
    assertThat(out.remove("lb:{meta}:key-sets")).isEqualTo("string endpoints:2");
    return out;
  }

  /** Every node of the cluster, password included. */
  private List<String> nodes() {
    return IntStream.range(0, cluster.size()).mapToObj(cluster::endpoint).toList();
  }

  /** The source endpoints with their passwords in the URIs, the cluster's password from the environment. */
  private Map<String, String> env() {
    List<String> addresses = IntStream.range(0, cluster.size()).mapToObj(n -> "redis://127.0.0.1:" + cluster.port(n)).toList();
    return Map.of("MIGRATE_FROM", String.join(",", shards.endpoints()), "MIGRATE_TO", String.join(",", addresses),
        "MIGRATE_TO_PASSWORD", password(cluster.seeds().get(0)));
  }

  private static String password(String endpoint) {
    return endpoint.substring("redis://:".length(), endpoint.indexOf('@'));
  }

  record Run(int status, String out, String err) {
    String text() {
      return out + err;
    }
  }

  static Run migrate(List<String> args, Map<String, String> env) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = MigrateCommand.run(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    Run run = new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    System.out.println(run.text());
    return run;
  }

  private static HttpResponse<Buffer> send(io.vertx.ext.web.client.HttpRequest<Buffer> request, JsonObject body) {
    return body == null ? request.send().await() : request.sendJsonObject(body).await();
  }

  private static void put(WebClient http, int port, String path, JsonObject body) {
    HttpResponse<Buffer> r = http.put(port, "localhost", path).sendJsonObject(body).await();
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
  }

  /** Every {@code lb:*} key with its type, value and whether it expires, as text that compares by value. */
  static final class RedisContents {
    private RedisContents() {
    }

    /** Scanning each endpoint (standalone shards, or each node of a cluster) whole. */
    static Map<String, String> ofStandalone(Vertx vertx, List<String> endpoints) {
      Map<String, String> out = new TreeMap<>();
      for (String endpoint : endpoints) {
        Redis node = client(vertx, List.of(endpoint), RedisClientType.STANDALONE);
        try {
          String cursor = "0";
          do {
            Response page = node.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg("lb:*").arg("COUNT").arg(1000)).await();
            cursor = page.get(0).toString();
            for (Response key : page.get(1)) {
              out.put(key.toString(), describe(node, key.toString()));
            }
          } while (!cursor.equals("0"));
        } finally {
          node.close();
        }
      }
      return out;
    }

    /** The given keys, read through a cluster client (each by its slot). */
    static Map<String, String> ofCluster(Vertx vertx, List<String> seeds, Iterable<String> keys) {
      Redis client = client(vertx, seeds, RedisClientType.CLUSTER);
      try {
        Map<String, String> out = new TreeMap<>();
        keys.forEach(k -> out.put(k, describe(client, k)));
        return out;
      } finally {
        client.close();
      }
    }

    /** RESP2, so that a hash reads as a flat list of fields and values. */
    static Redis client(Vertx vertx, List<String> endpoints, RedisClientType type) {
      return Redis.createClient(vertx, new RedisOptions().setType(type).setEndpoints(endpoints)
          .setPreferredProtocolVersion(ProtocolVersion.RESP2));
    }

    static String describe(Redis client, String key) {
      String type = client.send(Request.cmd(Command.TYPE).arg(key)).await().toString();
      boolean expires = client.send(Request.cmd(Command.PTTL).arg(key)).await().toLong() >= 0;
      Object value = switch (type) {
        case "zset" -> lines(client.send(Request.cmd(Command.ZRANGE).arg(key).arg(0).arg(-1).arg("WITHSCORES")).await());
        case "hash" -> {
          List<String> flat = lines(client.send(Request.cmd(Command.HGETALL).arg(key)).await());
          Map<String, String> sorted = new TreeMap<>();
          for (int i = 0; i < flat.size(); i += 2) {
            sorted.put(flat.get(i), flat.get(i + 1));
          }
          yield sorted;
        }
        case "set" -> new TreeSet<>(lines(client.send(Request.cmd(Command.SMEMBERS).arg(key)).await()));
        case "string" -> client.send(Request.cmd(Command.GET).arg(key)).await().toString();
        default -> "unexpected type";
      };
      return type + (expires ? " (expires) " : " ") + value;
    }

    private static List<String> lines(Response r) {
      List<String> out = new ArrayList<>();
      r.forEach(x -> out.add(x.toString()));
      return out;
    }
  }
}
