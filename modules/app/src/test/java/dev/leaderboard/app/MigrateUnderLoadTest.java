package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A board of the standalone layout (8 partitions in 2 key sets on 2 shards) moved to a local
 * 3-master Redis Cluster while writers keep setting scores, as docs/cluster.md says to do it: a first
 * {@code migrate} under load, then the writers stop and a second run copies what changed. A node in
 * cluster mode on the copy then answers every entry's rank as the reference model of every
 * acknowledged write says (distinct scores, so the order is the scores').
 */
@ExtendWith(TestSeed.class)
class MigrateUnderLoadTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  static final int USERS = 2000;
  static final int WRITERS = 4;
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aBoardMovedUnderLoadAnswersEveryRankAsTheModelSays(Random rnd, @TempDir Path dir) throws Exception {
    try (LocalRedisShards shards = LocalRedisShards.start(dir.resolve("shards"), 2);
        LocalRedisCluster cluster = LocalRedisCluster.start(dir.resolve("cluster"), 3, 0, Duration.ofSeconds(5))) {
      Path nodeDir = dir.resolve("node");
      int port = AppRestartTest.freePort();
      LeaderboardApp app = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", nodeDir.toString(),
          "LB_HTTP_PORT", String.valueOf(port), "LB_RATE_LIMITS", "off",
          "LB_REDIS_ENDPOINTS", String.join(",", shards.endpoints()))), CLOCK).await();
      String key = AdminClients.bearer(app.adminKeyFile());
      String base = "http://127.0.0.1:" + port;
      assertThat(send(base, key, "PUT", "/v1/boards/moved", new JsonObject().put("operator", "set")).status)
          .isEqualTo(201);
      // every score distinct: the model's order is the scores' order
      AtomicLong values = new AtomicLong(1);
      Map<String, Long> model = new ConcurrentHashMap<>();
      for (int from = 0; from < USERS; from += 500) {
        JsonArray events = new JsonArray();
        for (int u = from; u < from + 500; u++) {
          long v = values.getAndAdd(1 + rnd.nextInt(3));
          events.add(new JsonObject().put("userId", "m" + u).put("value", v).put("eventId", "init-" + u));
          model.put("m" + u, v);
        }
        assertThat(send(base, key, "POST", "/v1/boards/moved/scores/batch", new JsonObject().put("events", events))
            .status).isEqualTo(200);
      }

      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger acknowledged = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int lane = w;
        long seed = rnd.nextLong();
        writers.add(pool.submit(() -> {
          // each writer owns the users of its lane, so its acknowledged writes are each user's last
          Random own = new Random(seed);
          for (int i = 0; !stop.get(); i++) {
            String user = "m" + (lane + WRITERS * own.nextInt(USERS / WRITERS));
            long v = values.getAndIncrement() + 1_000_000;
            Answer a = send(base, key, "POST", "/v1/boards/moved/scores?rank=false", new JsonObject()
                .put("userId", user).put("value", v).put("eventId", "w" + lane + "-" + i));
            if (a.status == 200) {
              model.put(user, v);
              acknowledged.incrementAndGet();
            }
          }
          return null;
        }));
      }
      int before = acknowledged.get();
      MigrateCommandTest.Run underLoad = MigrateCommandTest.migrate(List.of(), env(shards, cluster));
      int during = acknowledged.get() - before;
      stop.set(true);
      for (Future<?> w : writers) {
        w.get();
      }
      pool.shutdown();
      assertThat(underLoad.status()).as(underLoad.text()).isIn(MigrateCommand.OK, MigrateCommand.DIFFERENT);
      assertThat(during).as("writes acknowledged while the first run copied").isPositive();
      MigrateCommandTest.Run settled = MigrateCommandTest.migrate(List.of(), env(shards, cluster));
      assertThat(settled.status()).as(settled.text()).isEqualTo(MigrateCommand.OK);
      System.out.println("writes acknowledged during the first run: " + during + ", in all: " + acknowledged.get());
      app.stop().await();

      LeaderboardApp onCluster = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", nodeDir.toString(),
          "LB_HTTP_PORT", String.valueOf(port), "LB_RATE_LIMITS", "off", "LB_REDIS_MODE", "cluster",
          "LB_REDIS_ENDPOINTS", String.join(",", cluster.seeds()))), CLOCK).await();
      try {
        List<String> expected = model.entrySet().stream()
            .sorted(Comparator.comparing(Map.Entry<String, Long>::getValue).reversed()).map(Map.Entry::getKey).toList();
        List<JsonObject> entries = new ArrayList<>();
        for (int offset = 0; offset < USERS; offset += 1000) {
          new JsonObject(send(base, key, "GET", "/v1/boards/moved/entries?limit=1000&offset=" + offset, null).body)
              .getJsonArray("entries").forEach(e -> entries.add((JsonObject) e));
        }
        assertThat(entries.stream().map(e -> e.getString("userId")).toList()).isEqualTo(expected);
        for (int i = 0; i < entries.size(); i++) {
          JsonObject e = entries.get(i);
          assertThat(e.getLong("rank")).as("rank of %s", e.getString("userId")).isEqualTo(i + 1);
          assertThat(e.getLong("score")).isEqualTo(model.get(e.getString("userId")));
        }
        for (int q = 0; q < 200; q++) {
          int at = rnd.nextInt(USERS);
          JsonObject user = new JsonObject(send(base, key, "GET", "/v1/boards/moved/users/" + expected.get(at), null)
              .body);
          assertThat(user.getLong("rank")).as("rank of %s", expected.get(at)).isEqualTo(at + 1);
        }
      } finally {
        onCluster.stop().await();
      }
    }
  }

  private static Map<String, String> env(LocalRedisShards shards, LocalRedisCluster cluster) {
    List<String> addresses = IntStream.range(0, cluster.size()).mapToObj(n -> "redis://127.0.0.1:" + cluster.port(n))
        .toList();
    String seed = cluster.seeds().get(0);
    return Map.of("MIGRATE_FROM", String.join(",", shards.endpoints()), "MIGRATE_TO", String.join(",", addresses),
        "MIGRATE_TO_PASSWORD", seed.substring("redis://:".length(), seed.indexOf('@')));
  }

  private record Answer(int status, String body) {
  }

  private Answer send(String base, String key, String method, String path, JsonObject body) {
    try {
      HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", key)
          .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofString(body.encode()));
      if (body != null) {
        r.header("Content-Type", "application/json");
      }
      java.net.http.HttpResponse<String> answer = http.send(r.build(), BodyHandlers.ofString());
      return new Answer(answer.statusCode(), answer.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
