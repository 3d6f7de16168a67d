package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
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

/** The whole node with embedded shards: stop it, start it on the same data dir, every answer is the same. */
@ExtendWith({VertxExtension.class, TestSeed.class})
class AppRestartTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);

  @Test
  void everyAnswerIsTheSameAfterARestart(Vertx vertx, @TempDir Path dataDir, Random rnd) throws Exception {
    int port = freePort();
    AppConfig config = AppConfig.fromEnv(Map.of(
        "LB_DATA_DIR", dataDir.toString(), "LB_HTTP_PORT", String.valueOf(port), "LB_LOCAL_SHARDS", "2"));
    List<String> endpoints;
    Map<String, String> before;
    JsonObject replay = null;
    LeaderboardApp first = LeaderboardApp.start(config, CLOCK).await();
    // the first start writes the admin key to the data dir; the second reads it again
    WebClient http = AdminClients.of(vertx, first);
    try {
      endpoints = first.redisEndpoints();
      assertThat(endpoints).hasSize(2);
      put(http, port, "/v1/boards/restart-a", new JsonObject().put("period", "daily").put("operator", "best"));
      put(http, port, "/v1/boards/restart-b", new JsonObject().put("order", "asc").put("maxScore", 100000));
      for (String board : List.of("restart-a", "restart-b")) {
        JsonArray events = new JsonArray();
        for (int i = 0; i < 500; i++) {
          events.add(new JsonObject().put("userId", "user" + rnd.nextInt(200)).put("value", rnd.nextInt(1000))
              .put("eventId", "e" + i));
        }
        if (replay == null) {
          replay = events.getJsonObject(1);
        }
        HttpResponse<Buffer> r = http.post(port, "localhost", "/v1/boards/" + board + "/scores/batch")
            .sendJsonObject(new JsonObject().put("events", events)).await();
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.bodyAsJsonObject().getInteger("applied")).isEqualTo(500);
      }
      before = snapshot(http, port);
    } finally {
      first.stop().await();
    }

    for (String endpoint : endpoints) {
      URI uri = URI.create(endpoint);
      assertThatThrownBy(() -> new Socket().connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 500))
          .as("shard %s is stopped", endpoint).isInstanceOf(IOException.class);
    }

    LeaderboardApp second = LeaderboardApp.start(config, CLOCK).await();
    try {
      assertThat(snapshot(http, port)).isEqualTo(before);
      // event IDs are remembered across the restart too
      HttpResponse<Buffer> again = http.post(port, "localhost", "/v1/boards/restart-a/scores")
          .sendJsonObject(replay).await();
      assertThat(again.bodyAsJsonObject().getBoolean("applied")).isFalse();
    } finally {
      second.stop().await();
    }
  }

  @Test
  void aFailedStartStopsWhatItStarted(@TempDir Path dataDir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      AppConfig config = AppConfig.fromEnv(Map.of(
          "LB_DATA_DIR", dataDir.toString(), "LB_HTTP_PORT", String.valueOf(taken.getLocalPort()), "LB_LOCAL_SHARDS", "2"));
      assertThatThrownBy(() -> LeaderboardApp.start(config, CLOCK).await()).hasMessageContaining("ddress");
    }
    // neither the shards nor PostgreSQL it started for itself are left running
    assertThat(ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains(dataDir.toString()))
        .map(p -> p.info().commandLine().orElse(""))).isEmpty();
  }

  private static Map<String, String> snapshot(WebClient http, int port) {
    List<String> paths = new ArrayList<>(List.of("/v1/boards", "/v1/boards/restart-a", "/v1/boards/restart-b"));
    for (String board : List.of("restart-a", "restart-b")) {
      paths.add("/v1/boards/" + board + "/entries?limit=1000");
      paths.add("/v1/boards/" + board + "/entries?offset=17&limit=50&rankMode=competition");
      for (int u = 0; u < 200; u += 13) {
        paths.add("/v1/boards/" + board + "/users/user" + u);
        paths.add("/v1/boards/" + board + "/users/user" + u + "?rankMode=competition");
      }
    }
    Map<String, String> out = new java.util.TreeMap<>();
    for (String path : paths) {
      HttpResponse<Buffer> r = http.get(port, "localhost", path).send().await();
      out.put(path, r.statusCode() + " " + r.bodyAsString());
    }
    assertThat(out.values()).allMatch(s -> s.startsWith("200 ") || s.startsWith("404 {\"error\":\"user_not_found\""));
    assertThat(out.values().stream().filter(s -> s.startsWith("200 ")).count()).isGreaterThan(paths.size() / 2);
    return out;
  }

  private static void put(WebClient http, int port, String path, JsonObject body) {
    HttpResponse<Buffer> r = http.put(port, "localhost", path).sendJsonObject(body).await();
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
