package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.app.MigrateCommandTest.RedisContents;
import dev.leaderboard.embedded.LocalServers;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
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
 * {@code backup} and {@code restore} on a node with embedded servers (3 shards): a backup taken while
 * writers submit to one board, restored into a fresh data directory, on which a node starts. Every
 * key outside that board is on the same shard with the same value as before the backup, every
 * archive row is there, and the node answers every read as the source did; on the loaded board
 * every event acknowledged before the backup began is there, and each user's events are a prefix of
 * what was sent with the score to match (a shard's snapshot is one instant: no event half applied).
 */
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BackupRestoreTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  static final int SHARDS = 3;
  static final String LOAD = "bk-load";
  static final List<String> BOARDS = List.of("bk-daily", "bk-asc", "bk-dense", LOAD);
  static final int WRITERS = 4;
  static final int USERS_PER_WRITER = 10;

  Vertx vertx;
  Path root;
  Path sourceDir;
  int sourcePort;
  LeaderboardApp source;
  WebClient http;
  String readKey;

  @BeforeAll
  void fill(Random rnd, @TempDir Path dir) throws Exception {
    vertx = Vertx.vertx();
    root = dir;
    sourceDir = dir.resolve("source");
    sourcePort = AppRestartTest.freePort();
    source = LeaderboardApp.start(AppConfig.fromEnv(env(sourceDir, sourcePort)), CLOCK).await();
    http = AdminClients.of(vertx, source);
    put("/v1/boards/bk-daily", new JsonObject().put("period", "daily").put("operator", "best"));
    put("/v1/boards/bk-asc", new JsonObject().put("order", "asc").put("maxScore", 100000).put("partitions", 5));
    put("/v1/boards/bk-dense", new JsonObject().put("period", "weekly").put("denseRanks", true));
    // dense: each event also updates the partition's distinct scores and per-score counts
    put("/v1/boards/" + LOAD, new JsonObject().put("operator", "incr").put("denseRanks", true));
    for (String board : List.of("bk-daily", "bk-asc", "bk-dense")) {
      JsonArray events = new JsonArray();
      for (int i = 0; i < 300; i++) {
        events.add(new JsonObject().put("userId", "user" + rnd.nextInt(120)).put("value", rnd.nextInt(1000))
            .put("eventId", "e" + i).put("meta", new JsonObject().put("name", "n" + i)));
      }
      assertThat(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events)).statusCode())
          .isEqualTo(200);
    }
    for (int u = 0; u < 15; u++) {
      JsonArray friends = new JsonArray();
      for (int f = 0; f < 6; f++) {
        friends.add("user" + rnd.nextInt(120));
      }
      friends.remove("user" + u);
      assertThat(post("/v1/users/user" + u + "/friends", new JsonObject().put("friendIds", friends)).statusCode())
          .isEqualTo(200);
    }
    HttpResponse<Buffer> created = post("/v1/keys", new JsonObject().put("name", "backed up")
        .put("scopes", new JsonArray().add("read")));
    assertThat(created.statusCode()).isEqualTo(201);
    readKey = created.bodyAsJsonObject().getString("key");
    assertThat(post("/v1/boards/bk-daily/periods/2025-04-15/close", null).statusCode()).isEqualTo(200);
  }

  @AfterAll
  void stop() {
    if (source != null) {
      source.stop().await();
    }
    vertx.close().await();
  }

  @Test
  @Order(1)
  void aBackupUnderLoadRestoresIntoAFreshDirectoryAndANodeAnswersAsTheSourceDid() throws Exception {
    Map<String, String> reads = reads(http, sourcePort);
    List<Map<String, String>> shardsBefore = perShard(source.redisEndpoints());
    String jdbc;
    try (LocalServers servers = LocalServers.open(sourceDir)) {
      assertThat(servers.startedHere()).as("the node's servers are found, not started").isFalse();
      jdbc = servers.postgresJdbcUrl();
    }
    Map<String, List<String>> archiveBefore = tables(jdbc);
    assertThat(archiveBefore.get("archived_entry")).isNotEmpty();

    Path backup = root.resolve("backup");
    Writers writers = Writers.start(sourcePort, Files.readString(source.adminKeyFile()).strip());
    Map<String, Integer> acknowledgedBefore;
    Run backedUp;
    int acknowledgedDuring;
    try {
      writers.awaitAcknowledged(200);
      acknowledgedBefore = writers.acknowledged();
      int total = writers.total();
      backedUp = run(BackupCommand::run, List.of("--to", backup.toString()), env(sourceDir, sourcePort));
      acknowledgedDuring = writers.total() - total;
    } finally {
      writers.close();
    }
    assertThat(backedUp.status).as(backedUp.text()).isEqualTo(BackupCommand.OK);
    assertThat(backedUp.out).contains("the running node's servers");
    assertThat(acknowledgedDuring).as("events acknowledged while the backup ran").isPositive();
    System.out.println("acknowledged before the backup: " + acknowledgedBefore.values().stream().mapToInt(i -> i).sum()
        + ", during: " + acknowledgedDuring + ", sent in all: " + writers.sent().values().stream().mapToInt(i -> i).sum());
    assertThat(Files.getPosixFilePermissions(backup)).isEqualTo(PosixFilePermissions.fromString("rwx------"));

    Path restored = root.resolve("restored");
    Run restoredRun = run(RestoreCommand::run, List.of("--from", backup.toString()), env(restored, 0));
    assertThat(restoredRun.status).as(restoredRun.text()).isEqualTo(RestoreCommand.OK);
    assertThat(restored.resolveSibling("restored.restoring")).doesNotExist();

    int port = AppRestartTest.freePort();
    LeaderboardApp node = LeaderboardApp.start(AppConfig.fromEnv(env(restored, port)), CLOCK).await();
    try {
      List<Map<String, String>> shardsAfter = perShard(node.redisEndpoints());
      for (int i = 0; i < SHARDS; i++) {
        assertThat(differences(withoutLoad(shardsBefore.get(i)), withoutLoad(shardsAfter.get(i))))
            .as("shard %d, every key outside the loaded board", i).isEmpty();
        assertThat(withoutLoad(shardsAfter.get(i))).isNotEmpty();
      }
      Map<String, List<String>> archiveAfter = tables(jdbcOf(restored));
      for (String table : List.of("archived_period", "archived_entry")) {
        assertThat(archiveAfter.get(table)).as(table).isEqualTo(archiveBefore.get(table));
      }
      assertThat(archiveAfter.get("audit_log")).as("audit rows written before the backup")
          .containsAll(archiveBefore.get("audit_log")).isSubsetOf(tables(jdbc).get("audit_log"));
      try (Connection db = DriverManager.getConnection(jdbcOf(restored)); Statement query = db.createStatement();
          ResultSet next = query.executeQuery("select nextval(pg_get_serial_sequence('audit_log', 'id'))"
              + " > (select max(id) from audit_log)")) {
        assertThat(next.next() && next.getBoolean(1)).as("the audit log's next id comes after the restored rows").isTrue();
      }

      WebClient admin = AdminClients.of(vertx, node);
      assertThat(Files.readString(node.adminKeyFile())).as("the admin key file comes back")
          .isEqualTo(Files.readString(source.adminKeyFile()));
      assertThat(differences(reads, reads(admin, port))).as("the restored node's answers").isEmpty();
      HttpResponse<Buffer> withKey = AdminClients.withAuthorization(vertx, "Bearer " + readKey)
          .get(port, "localhost", "/v1/boards/bk-asc/entries").send().await();
      assertThat(withKey.statusCode()).as("an API key made before the backup").isEqualTo(200);

      Map<String, Integer> sent = writers.sent();
      Map<String, Set<String>> events = loadEvents(node.redisEndpoints());
      Map<String, JsonObject> entries = loadEntries(admin, port);
      for (String user : sent.keySet()) {
        Set<String> ids = events.getOrDefault(user, Set.of());
        int n = ids.size();
        Set<String> prefix = new TreeSet<>();
        for (int k = 1; k <= n; k++) {
          prefix.add(user + "-" + k);
        }
        assertThat(ids).as("%s: its events in the backup are the first it sent", user).isEqualTo(prefix);
        assertThat(n).as("%s: events in the backup", user)
            .isBetween(acknowledgedBefore.get(user), sent.get(user));
        JsonObject entry = entries.getOrDefault(user, new JsonObject().put("score", 0L).put("meta", new JsonObject().put("n", 0)));
        assertThat(entry.getLong("score")).as("%s: its score counts its events", user).isEqualTo((long) n);
        assertThat(entry.getJsonObject("meta").getInteger("n")).as("%s: the metadata of its last event", user).isEqualTo(n);
      }
      assertCountsMatchEntries(node.redisEndpoints());
      HttpResponse<Buffer> replay = admin.post(port, "localhost", "/v1/boards/" + LOAD + "/scores")
          .sendJsonObject(new JsonObject().put("userId", "w0u0").put("value", 1).put("eventId", "w0u0-1")).await();
      assertThat(replay.bodyAsJsonObject().getBoolean("applied")).as("an event ID in the backup is remembered").isFalse();
    } finally {
      node.stop().await();
    }
  }

  @Test
  @Order(2)
  void aRestoreRefusesADirectoryInUseOrHoldingDataOrAChangedBackupAndChangesNothing() throws Exception {
    Path backup = root.resolve("backup");
    Run inUse = run(RestoreCommand::run, List.of("--from", backup.toString(), "--replace"), env(sourceDir, 0));
    assertThat(inUse.status).as(inUse.text()).isEqualTo(RestoreCommand.REFUSED);
    assertThat(inUse.err).contains("in use by a running node");

    Path restored = root.resolve("restored");
    Set<Path> before = listing(restored);
    Run holdsData = run(RestoreCommand::run, List.of("--from", backup.toString()), env(restored, 0));
    assertThat(holdsData.status).as(holdsData.text()).isEqualTo(RestoreCommand.REFUSED);
    assertThat(holdsData.err).contains("holds data").contains("--replace");
    assertThat(listing(restored)).isEqualTo(before);

    Path changed = root.resolve("changed");
    Files.createDirectories(changed);
    for (Path file : listing(backup)) {
      Path target = changed.resolve(backup.relativize(file));
      Files.createDirectories(target.getParent());
      Files.copy(file, target);
    }
    Files.writeString(changed.resolve("archive/archived_entry.copy"), "x", java.nio.file.StandardOpenOption.APPEND);
    Path fresh = root.resolve("fresh");
    Run tampered = run(RestoreCommand::run, List.of("--from", changed.toString()), env(fresh, 0));
    assertThat(tampered.status).as(tampered.text()).isEqualTo(RestoreCommand.REFUSED);
    assertThat(tampered.err).contains("archived_entry.copy").contains("SHA-256");
    assertThat(fresh).doesNotExist();

    Run intoBackup = run(BackupCommand::run, List.of("--to", backup.toString()), env(sourceDir, 0));
    assertThat(intoBackup.status).as(intoBackup.text()).isEqualTo(BackupCommand.REFUSED);
    assertThat(intoBackup.err).contains("not empty");
  }

  @Test
  @Order(3)
  void aStoppedNodeIsBackedUpFromServersStartedForItAndReplaceMovesTheOldDirectoryAside() throws Exception {
    Map<String, String> reads = reads(http, sourcePort);
    source.stop().await();
    source = null;
    Path offline = root.resolve("offline");
    Run backedUp = run(BackupCommand::run, List.of("--to", offline.toString()), env(sourceDir, 0));
    assertThat(backedUp.status).as(backedUp.text()).isEqualTo(BackupCommand.OK);
    assertThat(backedUp.out).contains("no node runs there");
    assertThat(LocalServers.inUse(sourceDir)).as("the servers started for the backup are stopped").isFalse();

    Path restored = root.resolve("restored");
    Set<Path> replaced = listing(restored);
    Run again = run(RestoreCommand::run, List.of("--from", offline.toString(), "--replace"), env(restored, 0));
    assertThat(again.status).as(again.text()).isEqualTo(RestoreCommand.OK);
    try (var siblings = Files.list(root)) {
      Path aside = siblings.filter(p -> p.getFileName().toString().startsWith("restored.replaced-")).findFirst()
          .orElseThrow(() -> new AssertionError("the replaced data directory is kept"));
      assertThat(listing(aside).stream().map(p -> aside.relativize(p)).toList())
          .isEqualTo(replaced.stream().map(p -> restored.relativize(p)).toList());
    }
    int port = AppRestartTest.freePort();
    LeaderboardApp node = LeaderboardApp.start(AppConfig.fromEnv(env(restored, port)), CLOCK).await();
    try {
      assertThat(differences(reads, reads(AdminClients.of(vertx, node), port))).isEmpty();
    } finally {
      node.stop().await();
    }
  }

  /** The environment of a node (or command) on {@code dataDir}. */
  static Map<String, String> env(Path dataDir, int port) {
    return Map.of("LB_DATA_DIR", dataDir.toString(), "LB_HTTP_PORT", String.valueOf(port),
        "LB_LOCAL_SHARDS", String.valueOf(SHARDS), "LB_RATE_LIMITS", "off");
  }

  private static Map<String, String> withoutLoad(Map<String, String> keys) {
    Map<String, String> out = new TreeMap<>(keys);
    // its partitions, and its period index (written by its first event, after the source was read)
    out.keySet().removeIf(k -> k.startsWith("lb:{" + LOAD + ":") || k.contains(":" + LOAD + ":"));
    return out;
  }

  /** Key → {@code before → after} for every key whose value differs (or that is on one side only). */
  private static Map<String, String> differences(Map<String, String> before, Map<String, String> after) {
    Map<String, String> out = new TreeMap<>();
    Set<String> keys = new TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    for (String key : keys) {
      if (!java.util.Objects.equals(before.get(key), after.get(key))) {
        out.put(key, before.get(key) + " -> " + after.get(key));
      }
    }
    return out;
  }

  private List<Map<String, String>> perShard(List<String> endpoints) {
    List<Map<String, String>> out = new ArrayList<>();
    for (String endpoint : endpoints) {
      out.add(RedisContents.ofStandalone(vertx, List.of(endpoint)));
    }
    return out;
  }

  /** The loaded board's event IDs per user, from every shard's idempotency records. */
  private Map<String, Set<String>> loadEvents(List<String> endpoints) {
    Map<String, Set<String>> out = new HashMap<>();
    for (String endpoint : endpoints) {
      Redis redis = RedisContents.client(vertx, List.of(endpoint), RedisClientType.STANDALONE);
      try {
        Response keys = redis.send(Request.cmd(Command.KEYS).arg("lb:{" + LOAD + ":*:e")).await();
        for (Response key : keys) {
          for (Response member : redis.send(Request.cmd(Command.ZRANGE).arg(key.toString()).arg(0).arg(-1)).await()) {
            String[] parts = member.toString().split("\n", 2);
            out.computeIfAbsent(parts[0], u -> new TreeSet<>()).add(parts[1]);
          }
        }
      } finally {
        redis.close();
      }
    }
    return out;
  }

  private static Map<String, JsonObject> loadEntries(WebClient admin, int port) {
    HttpResponse<Buffer> page = admin.get(port, "localhost", "/v1/boards/" + LOAD + "/entries?limit=1000").send().await();
    assertThat(page.statusCode()).isEqualTo(200);
    return page.bodyAsJsonObject().getJsonArray("entries").stream().map(JsonObject.class::cast)
        .collect(Collectors.toMap(e -> e.getString("userId"), e -> e));
  }

  /** In each partition of the loaded board, the per-score counts and distinct scores agree with its entries. */
  private void assertCountsMatchEntries(List<String> endpoints) {
    int partitions = 0;
    for (String endpoint : endpoints) {
      Redis redis = RedisContents.client(vertx, List.of(endpoint), RedisClientType.STANDALONE);
      try {
        for (Response key : redis.send(Request.cmd(Command.KEYS).arg("lb:{" + LOAD + ":*:s")).await()) {
          String tag = key.toString().substring(0, key.toString().length() - "s".length());
          long members = redis.send(Request.cmd(Command.ZCARD).arg(tag + "s")).await().toLong();
          long counted = 0;
          for (Response count : redis.send(Request.cmd(Command.HVALS).arg(tag + "n")).await()) {
            counted += count.toLong();
          }
          long scores = redis.send(Request.cmd(Command.HLEN).arg(tag + "n")).await().toLong();
          assertThat(counted).as("%s: members counted per score", tag).isEqualTo(members);
          assertThat(redis.send(Request.cmd(Command.ZCARD).arg(tag + "d")).await().toLong())
              .as("%s: distinct scores", tag).isEqualTo(scores);
          partitions++;
        }
      } finally {
        redis.close();
      }
    }
    assertThat(partitions).as("partitions of the loaded board").isPositive();
  }

  /** A node's answers to reads of everything written before the backup but the loaded board's entries. */
  private static Map<String, String> reads(WebClient http, int port) {
    List<String> paths = new ArrayList<>(List.of("/v1/boards", "/v1/keys", "/v1/boards/bk-daily/entries?period=2025-04-15&limit=1000"));
    for (String board : BOARDS) {
      paths.add("/v1/boards/" + board);
      if (!board.equals(LOAD)) {
        paths.add("/v1/boards/" + board + "/periods");
        paths.add("/v1/boards/" + board + "/entries?limit=1000");
        paths.add("/v1/boards/" + board + "/entries?offset=11&limit=40&rankMode=competition");
        for (int u = 0; u < 15; u += 2) {
          paths.add("/v1/boards/" + board + "/users/user" + u + "/friends");
        }
      }
    }
    paths.add("/v1/boards/bk-dense/entries?limit=100&rankMode=dense");
    for (int u = 0; u < 15; u++) {
      paths.add("/v1/users/user" + u + "/friends");
    }
    Map<String, String> out = AdminClients.answers(http, port, paths);
    assertThat(out.values()).as("reads: %s", out).allMatch(s -> s.startsWith("200 "));
    return out;
  }

  /** Every row of every table of the archive's schema, as text, in a fixed order. */
  private static Map<String, List<String>> tables(String jdbc) throws Exception {
    Map<String, List<String>> out = new TreeMap<>();
    try (Connection db = DriverManager.getConnection(jdbc); Statement query = db.createStatement()) {
      for (String table : List.of("archived_period", "archived_entry", "audit_log")) {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = query.executeQuery("select * from " + table)) {
          ResultSetMetaData columns = rs.getMetaData();
          while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int c = 1; c <= columns.getColumnCount(); c++) {
              row.append(columns.getColumnName(c)).append('=').append(rs.getString(c)).append(' ');
            }
            rows.add(row.toString());
          }
        }
        rows.sort(null);
        out.put(table, rows);
      }
    }
    return out;
  }

  private static String jdbcOf(Path dataDir) throws Exception {
    try (LocalServers servers = LocalServers.open(dataDir)) {
      return servers.postgresJdbcUrl();
    }
  }

  private static Set<Path> listing(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      return paths.filter(Files::isRegularFile).collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private HttpResponse<Buffer> post(String path, JsonObject body) {
    var request = http.post(sourcePort, "localhost", path);
    return body == null ? request.send().await() : request.sendJsonObject(body).await();
  }

  private void put(String path, JsonObject body) {
    HttpResponse<Buffer> r = http.put(sourcePort, "localhost", path).sendJsonObject(body).await();
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
  }

  interface Command3 {
    int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err);
  }

  record Run(int status, String out, String err) {
    String text() {
      return out + err;
    }
  }

  static Run run(Command3 command, List<String> args, Map<String, String> env) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = command.run(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    Run run = new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    System.out.println(run.text());
    return run;
  }

  /**
   * Writers on threads of their own, each with users of its own, each user's {@code +1} events sent
   * one after another with IDs {@code <user>-1}, {@code <user>-2}, …: so the events of a user that a
   * snapshot holds are a prefix of those sent.
   */
  static final class Writers implements AutoCloseable {
    private final Map<String, AtomicInteger> sent = new TreeMap<>();
    private final Map<String, AtomicInteger> acknowledged = new TreeMap<>();
    private final AtomicInteger total = new AtomicInteger();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final ExecutorService threads = Executors.newFixedThreadPool(WRITERS);
    private final List<Throwable> failures = new ArrayList<>();

    static Writers start(int port, String adminKey) {
      Writers writers = new Writers();
      HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      for (int w = 0; w < WRITERS; w++) {
        List<String> users = new ArrayList<>();
        for (int u = 0; u < USERS_PER_WRITER; u++) {
          users.add("w" + w + "u" + u);
          writers.sent.put(users.get(u), new AtomicInteger());
          writers.acknowledged.put(users.get(u), new AtomicInteger());
        }
        writers.threads.execute(() -> writers.write(client, port, adminKey, users));
      }
      return writers;
    }

    private void write(HttpClient client, int port, String adminKey, List<String> users) {
      try {
        for (int i = 0; !stop.get(); i++) {
          String user = users.get(i % users.size());
          int n = sent.get(user).incrementAndGet();
          HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/boards/" + LOAD
                  + "/scores?rank=false"))
              .header("Authorization", "Bearer " + adminKey).header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(new JsonObject().put("userId", user).put("value", 1)
                  .put("eventId", user + "-" + n).put("meta", new JsonObject().put("n", n)).encode()))
              .build();
          java.net.http.HttpResponse<String> r = client.send(request, BodyHandlers.ofString());
          if (r.statusCode() != 200 || !new JsonObject(r.body()).getBoolean("applied")) {
            throw new IllegalStateException("event " + user + "-" + n + ": " + r.statusCode() + " " + r.body());
          }
          acknowledged.get(user).incrementAndGet();
          total.incrementAndGet();
        }
      } catch (Exception e) {
        synchronized (failures) {
          failures.add(e);
        }
      }
    }

    int total() {
      return total.get();
    }

    void awaitAcknowledged(int n) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (total.get() < n && System.nanoTime() < deadline && failures.isEmpty()) {
        Thread.sleep(20);
      }
      assertThat(total.get()).as("acknowledged events; failures %s", failures).isGreaterThanOrEqualTo(n);
    }

    Map<String, Integer> acknowledged() {
      return snapshot(acknowledged);
    }

    Map<String, Integer> sent() {
      return snapshot(sent);
    }

    private static Map<String, Integer> snapshot(Map<String, AtomicInteger> counts) {
      return counts.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get(),
          (a, b) -> a, TreeMap::new));
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      threads.shutdown();
      assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
      assertThat(failures).as("the writers' failures").isEmpty();
    }
  }
}
