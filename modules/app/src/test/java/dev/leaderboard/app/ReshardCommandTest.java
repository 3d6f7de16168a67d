package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reshard}: a deployment on 2 standalone shards (boards of 8 and 5 partitions, packed and
 * wide, dense ranks, metadata, a ban, friends) grows to 3. After the command, a node on the 3
 * endpoints answers every read as the node on 2 did while it merges the partitions into its key
 * sets (the command run over the remains of a run cut short: one key set already split, a staged
 * key), finds every event sent before a duplicate, records the new layout, and keeps each key on the
 * endpoint its partition now belongs to.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ReshardCommandTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  static final List<String> BOARDS = List.of("rs-packed", "rs-wide", "rs-asc");

  @Test
  void twoShardsGrowToThreeAndEveryAnswerStays(Vertx vertx, Random rnd, @TempDir Path dir) throws Exception {
    try (LocalRedisShards old = LocalRedisShards.start(dir.resolve("old"), 2);
        LocalRedisShards added = LocalRedisShards.start(dir.resolve("added"), 1)) {
      Path nodeDir = dir.resolve("node");
      List<String> grown = new ArrayList<>(old.endpoints());
      grown.add(added.endpoints().get(0));
      int port = AppRestartTest.freePort();
      LeaderboardApp app = start(nodeDir, old.endpoints(), port);
      WebClient http = AdminClients.of(vertx, app);
      put(http, port, "/v1/boards/rs-packed", new JsonObject().put("denseRanks", true));
      put(http, port, "/v1/boards/rs-wide", new JsonObject().put("layout", "wide").put("operator", "best"));
      put(http, port, "/v1/boards/rs-asc", new JsonObject().put("order", "asc").put("operator", "set")
          .put("maxScore", 100000).put("partitions", 5));
      List<JsonObject> sent = new ArrayList<>();
      for (String board : BOARDS) {
        JsonArray events = new JsonArray();
        for (int i = 0; i < 400; i++) {
          JsonObject e = new JsonObject().put("userId", "user" + rnd.nextInt(150)).put("value", rnd.nextInt(1000))
              .put("eventId", board + "-" + i);
          if (rnd.nextInt(4) == 0) {
            e.put("meta", new JsonObject().put("n", i));
          }
          events.add(e);
          sent.add(e.copy().put("board", board));
        }
        assertThat(http.post(port, "localhost", "/v1/boards/" + board + "/scores/batch")
            .sendJsonObject(new JsonObject().put("events", events)).await().statusCode()).isEqualTo(200);
      }
      for (int u = 0; u < 20; u++) {
        JsonArray friends = new JsonArray();
        for (int f = 0; f < 8; f++) {
          friends.add("user" + rnd.nextInt(150));
        }
        friends.remove("user" + u);
        assertThat(http.post(port, "localhost", "/v1/users/user" + u + "/friends")
            .sendJsonObject(new JsonObject().put("friendIds", friends)).await().statusCode()).isEqualTo(200);
      }
      assertThat(http.put(port, "localhost", "/v1/users/user7/ban").sendJsonObject(new JsonObject()
          .put("reason", "reshard test")).await().statusCode()).isEqualTo(200);
      Map<String, String> before = reads(http, port);
      app.stop().await();

      Run refused = reshard(List.of("--from", String.join(",", old.endpoints()), "--to",
          String.join(",", List.of(added.endpoints().get(0), old.endpoints().get(0), old.endpoints().get(1)))));
      assertThat(refused.status()).as(refused.text()).isEqualTo(ReshardCommand.REFUSED);
      cutShort(vertx, old.endpoints().get(0));
      Run grew = reshard(List.of("--from", String.join(",", old.endpoints()), "--to", String.join(",", grown)));
      assertThat(grew.status()).as(grew.text()).isEqualTo(ReshardCommand.OK);
      assertThat(grew.text()).doesNotContain(password(old.endpoints().get(0)));

      int port3 = AppRestartTest.freePort();
      LeaderboardApp on3 = start(nodeDir, grown, port3);
      try {
        WebClient again = AdminClients.of(vertx, on3);
        assertThat(reads(again, port3)).as("answers on 3 shards").isEqualTo(before);
        for (JsonObject e : sent) {
          if (e.getString("userId").equals("user7")) {
            continue;
          }
          JsonObject answer = again.post(port3, "localhost", "/v1/boards/" + e.getString("board") + "/scores")
              .sendJsonObject(without(e, "board")).await().bodyAsJsonObject();
          assertThat(answer.getBoolean("applied")).as("%s sent again", e).isFalse();
        }
        assertEveryKeyOnItsEndpoint(vertx, grown);
      } finally {
        on3.stop().await();
      }
    }
  }

  /**
   * What a reshard cut short in its first step leaves on endpoint 0: rs-packed's key set split into its
   * partitions' keys (the layout still recorded), and a staging key of a split that never finished.
   */
  private static void cutShort(Vertx vertx, String endpoint) {
    Redis client = Redis.createClient(vertx, new io.vertx.redis.client.RedisOptions().setConnectionString(endpoint)
        .setPreferredProtocolVersion(io.vertx.redis.client.ProtocolVersion.RESP2));
    try {
      io.vertx.redis.client.RedisConnection c = client.connect().await();
      PartitionSplit split = PartitionSplit.of(c);
      String staged = null;
      Response page = c.send(Request.cmd(Command.SCAN).arg(0).arg("MATCH").arg("lb:{rs-packed:*:0}:*").arg("COUNT")
          .arg(100_000)).await();
      assertThat(page.get(1).size()).as("rs-packed's key set on endpoint 0").isPositive();
      for (Response k : page.get(1)) {
        PartitionSplit.Part part = split.part(k.toString());
        assertThat(part).as(k.toString()).isNotNull();
        if (!part.derived()) {
          split.copy(c, c, k.toString(), part, false);
          // of a key the board does not have (attempts), so no later split of its key set stages it again
          staged = part.staging(2, "a");
        }
      }
      c.send(Request.cmd(Command.SET).arg(staged).arg("half-written")).await();
    } finally {
      client.close();
    }
  }

  private static LeaderboardApp start(Path nodeDir, List<String> endpoints, int port) {
    return LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", nodeDir.toString(), "LB_HTTP_PORT",
        String.valueOf(port), "LB_RATE_LIMITS", "off", "LB_REDIS_ENDPOINTS", String.join(",", endpoints))), CLOCK)
        .await();
  }

  private static JsonObject without(JsonObject o, String field) {
    JsonObject out = o.copy();
    out.remove(field);
    return out;
  }

  /** Each key of a partition or friend slot on endpoint {@code number mod 3}, no staged key left; the layout recorded. */
  private static void assertEveryKeyOnItsEndpoint(Vertx vertx, List<String> endpoints) {
    java.util.regex.Pattern numbered = java.util.regex.Pattern.compile("^lb:\\{(?:[^}]*:)?(\\d+)}:.*");
    Redis first = Redis.createClient(vertx, endpoints.get(0));
    Response layout = null;
    for (int tries = 0; tries < 300 && layout == null; tries++) {
      layout = first.send(Request.cmd(Command.GET).arg("lb:{meta}:key-sets")).await();
      if (layout == null) {
        vertx.timer(100).await();
      }
    }
    first.close();
    assertThat(layout).as("the layout is recorded once every board period is merged").isNotNull();
    assertThat(layout.toString()).isEqualTo("endpoints:3");
    for (int e = 0; e < endpoints.size(); e++) {
      Redis shard = Redis.createClient(vertx, endpoints.get(e));
      try {
        List<String> misplaced = new ArrayList<>();
        String cursor = "0";
        do {
          Response page = shard.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg("lb:*").arg("COUNT")
              .arg(1000)).await();
          cursor = page.get(0).toString();
          for (Response k : page.get(1)) {
            java.util.regex.Matcher m = numbered.matcher(k.toString());
            if (k.toString().contains("}:split:")
                || m.matches() && !k.toString().startsWith("lb:{meta}") && Integer.parseInt(m.group(1)) % 3 != e) {
              misplaced.add(k.toString());
            }
          }
        } while (!cursor.equals("0"));
        assertThat(misplaced).as("keys on endpoint %d that belong elsewhere or are staged", e).isEmpty();
      } finally {
        shard.close();
      }
    }
  }

  static Map<String, String> reads(WebClient http, int port) {
    List<String> paths = new ArrayList<>(List.of("/v1/boards", "/v1/users/user7"));
    for (String board : BOARDS) {
      paths.add("/v1/boards/" + board + "/entries?limit=1000");
      paths.add("/v1/boards/" + board + "/entries?offset=17&limit=50&rankMode=competition");
      for (int u = 0; u < 150; u += 3) {
        paths.add("/v1/boards/" + board + "/users/user" + u);
      }
      for (int u = 0; u < 150; u += 11) {
        paths.add("/v1/boards/" + board + "/users/user" + u + "/around?limit=7");
      }
      for (int u = 0; u < 20; u += 3) {
        paths.add("/v1/boards/" + board + "/users/user" + u + "/friends?globalRanks=true");
      }
    }
    paths.add("/v1/boards/rs-packed/entries?limit=200&rankMode=dense");
    for (int u = 0; u < 20; u++) {
      paths.add("/v1/users/user" + u + "/friends");
    }
    return AdminClients.answers(http, port, paths);
  }

  private static void put(WebClient http, int port, String path, JsonObject body) {
    HttpResponse<Buffer> r = http.put(port, "localhost", path).sendJsonObject(body).await();
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
  }

  private static String password(String endpoint) {
    return endpoint.substring("redis://:".length(), endpoint.indexOf('@'));
  }

  record Run(int status, String out, String err) {
    String text() {
      return out + err;
    }
  }

  static Run reshard(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ReshardCommand.run(args, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    Run run = new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    System.out.println(run.text());
    return run;
  }
}
