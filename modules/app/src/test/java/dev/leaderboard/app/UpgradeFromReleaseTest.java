package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup made by the release before key sets (the fixture {@code upgrade/release-1}: 4 shards,
 * boards of 8 partitions of every kind, made by its {@code make-fixture.py}, README there), restored
 * by this release and served by a node on it, at the fixture's own time. While the node merges each
 * board period's partitions, every event the release applied is sent again and every read the
 * release answered is asked again, at once: every event is a duplicate (nothing counted twice),
 * every answer is the release's (nothing lost: entries, tie order, ranks in every mode, metadata,
 * bans, participants and cohorts, attempts, friends, leagues, the archive). Then the data is laid
 * out in one key set per endpoint, with no partition's own keys left, and new events count once.
 */
@ExtendWith(VertxExtension.class)
class UpgradeFromReleaseTest {
  static final Path FIXTURE = Path.of("src/test/resources/upgrade/release-1");
  /** A league member's standing (not their history). */
  private static final Pattern STANDING = Pattern.compile("^/v1/leagues/[^/]+/users/[^/?]+(\\?.*)?$");
  static final int SHARDS = 4;
  /** A key of a partition that, with 4 endpoints, now belongs to another partition's key set. */
  static final Pattern MERGED_AWAY = Pattern.compile("^lb:\\{(?!fr:)[^}]*:[4-9]\\}:.*");
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aBackupOfTheReleaseBeforeKeySetsRestoresAndIsServedAsItWasWhileEventsArrive(Vertx vertx, @TempDir Path dir)
      throws Exception {
    JsonObject expected = new JsonObject(Files.readString(FIXTURE.resolve("expected.json")));
    Path data = dir.resolve("data");
    Map<String, String> env = Map.of("LB_DATA_DIR", data.toString(), "LB_LOCAL_SHARDS", String.valueOf(SHARDS),
        "LB_HTTP_PORT", String.valueOf(AppRestartTest.freePort()), "LB_RATE_LIMITS", "off");
    BackupRestoreTest.Run restored = BackupRestoreTest.run(RestoreCommand::run,
        List.of("--from", FIXTURE.resolve("backup").toAbsolutePath().toString()), env);
    assertThat(restored.status()).as(restored.text()).isEqualTo(RestoreCommand.OK);
    assertThat(data.resolve("admin.key")).as("the release's admin key comes back").exists();

    Clock clock = Clock.fixed(Instant.ofEpochMilli(expected.getLong("madeAt") + 60_000), ZoneOffset.UTC);
    LeaderboardApp node = LeaderboardApp.start(AppConfig.fromEnv(env), clock).await();
    try {
      String base = "http://127.0.0.1:" + env.get("LB_HTTP_PORT");
      String key = AdminClients.bearer(node.adminKeyFile());
      List<JsonObject> events = new ArrayList<>();
      expected.getJsonArray("applied").forEach(a -> events.add((JsonObject) a));
      List<JsonObject> reads = new ArrayList<>();
      expected.getJsonArray("reads").forEach(r -> reads.add((JsonObject) r));
      Map<String, String> wrong = new ConcurrentHashMap<>();
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          int lane = t;
          done.add(pool.submit(() -> {
            // lanes interleave reads and resent events, so both meet the merges
            for (int i = lane; i < Math.max(events.size(), reads.size()); i += 8) {
              if (i < events.size()) {
                JsonObject a = events.get(i);
                Answer r = send(base, key, "POST", "/v1/boards/" + a.getString("board") + "/scores",
                    a.getJsonObject("event"));
                if (r.status() != 200 || !Boolean.FALSE.equals(new JsonObject(r.body()).getBoolean("applied"))) {
                  wrong.put("resent " + a.encode(), r.status() + " " + r.body());
                }
              }
              if (i < reads.size()) {
                check(base, key, reads.get(i), wrong);
              }
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        pool.shutdown();
      }
      assertThat(wrong).as("answers that differ from the release's, while the upgrade ran").isEmpty();
      for (Object league : expected.getJsonArray("leagueScores")) {
        Answer r = send(base, key, "POST", "/v1/leagues/fx-league/scores", (JsonObject) league);
        assertThat(new JsonObject(r.body()).getBoolean("applied")).as("league score %s sent again", league).isFalse();
      }
      for (JsonObject read : reads) {
        check(base, key, read, wrong);
      }
      assertThat(wrong).as("answers that differ from the release's, after the upgrade").isEmpty();

      assertLaidOutPerEndpoint(vertx, node.redisEndpoints());

      // new events count once, and move the ranks as they should
      JsonObject fresh = new JsonObject().put("userId", "u11").put("value", 1000).put("eventId", "after-upgrade");
      JsonObject first = new JsonObject(send(base, key, "POST", "/v1/boards/fx-packed/scores", fresh).body());
      assertThat(first.getBoolean("applied")).isTrue();
      assertThat(first.getLong("rank")).isEqualTo(1);
      JsonObject again = new JsonObject(send(base, key, "POST", "/v1/boards/fx-packed/scores", fresh).body());
      assertThat(again.getBoolean("applied")).isFalse();
      assertThat(again.getLong("score")).isEqualTo(first.getLong("score"));
      JsonArray top = new JsonObject(send(base, key, "GET", "/v1/boards/fx-packed/entries?limit=2", null).body())
          .getJsonArray("entries");
      assertThat(top.getJsonObject(0).getString("userId")).isEqualTo("u11");
    } finally {
      node.stop().await();
    }
  }

  private record Answer(int status, String body) {
  }

  private Answer send(String base, String key, String method, String path, JsonObject body) {
    try {
      HttpRequest.Builder r = HttpRequest.newBuilder(new URI(base + path)).header("Authorization", key);
      if (body != null) {
        r.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body.encode()));
      } else {
        r.method(method, HttpRequest.BodyPublishers.noBody());
      }
      java.net.http.HttpResponse<String> answer = http.send(r.build(), BodyHandlers.ofString());
      return new Answer(answer.statusCode(), answer.body());
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void check(String base, String key, JsonObject read, Map<String, String> wrong) {
    String path = read.getString("path");
    Object body = read.getValue("body");
    if (!STANDING.matcher(path).matches() || !(body instanceof JsonObject standing)) {
      check(base, key, path, read.getInteger("status"), body, wrong);
      return;
    }
    // the release's standing gave every entry its rank on the whole tier board; now that is asked for,
    // and the standing without it is the same with those ranks null
    check(base, key, path + (path.contains("?") ? "&" : "?") + "globalRanks=true", read.getInteger("status"), body,
        wrong);
    JsonObject withoutRanks = standing.copy();
    withoutRanks.getJsonArray("entries", new JsonArray()).forEach(e -> ((JsonObject) e).putNull("globalRank"));
    check(base, key, path, read.getInteger("status"), withoutRanks, wrong);
  }

  private void check(String base, String key, String path, int status, Object body, Map<String, String> wrong) {
    Answer r = send(base, key, "GET", path, null);
    boolean same = r.status() == status && (body == null ? r.body().isEmpty()
        : body instanceof JsonObject o && o.equals(new JsonObject(r.body())));
    if (!same) {
      wrong.put(path, "release: " + status + " " + body + "\nnow:     " + r.status() + " " + r.body());
    }
  }

  /** The layout is recorded, and no key of a partition merged into another's key set is left on any shard. */
  private static void assertLaidOutPerEndpoint(Vertx vertx, List<String> endpoints) {
    Redis meta = Redis.createClient(vertx, endpoints.get(0));
    try {
      Response layout = null;
      for (int tries = 0; tries < 300 && layout == null; tries++) {
        // the background merges end soon after the reads have merged every board period
        layout = meta.send(Request.cmd(Command.GET).arg("lb:{meta}:key-sets")).await();
        if (layout == null) {
          vertx.timer(100).await();
        }
      }
      assertThat(layout).as("the layout recorded once every board period is merged").isNotNull();
      assertThat(layout.toString()).isEqualTo("endpoints:" + SHARDS);
    } finally {
      meta.close();
    }
    for (String endpoint : endpoints) {
      Redis shard = Redis.createClient(vertx, endpoint);
      try {
        List<String> left = new ArrayList<>();
        String cursor = "0";
        do {
          Response page = shard.send(Request.cmd(Command.SCAN).arg(cursor).arg("MATCH").arg("lb:{*").arg("COUNT")
              .arg(1000)).await();
          cursor = page.get(0).toString();
          page.get(1).forEach(k -> {
            if (MERGED_AWAY.matcher(k.toString()).matches()) {
              left.add(k.toString());
            }
          });
        } while (!cursor.equals("0"));
        assertThat(left).as("keys of partitions merged away, on %s", endpoint.replaceAll("//.*@", "//")).isEmpty();
      } finally {
        shard.close();
      }
    }
  }
}
