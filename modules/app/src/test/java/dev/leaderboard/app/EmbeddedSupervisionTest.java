package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.Await;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with embedded servers: a redis-server shard or the PostgreSQL killed with SIGKILL comes back
 * on its port with its data, the node serves again without a restart of its own, and the restart
 * is counted in {@code leaderboard_embedded_restarts_total}.
 */
@ExtendWith(VertxExtension.class)
class EmbeddedSupervisionTest {
  private static final String RESTARTS = "leaderboard_embedded_restarts_total";
  private static final Duration BACK = Duration.ofSeconds(60);

  @Test
  void aKilledEmbeddedServerIsRestartedWithItsDataAndCounted(Vertx vertx, @TempDir Path dataDir) throws Exception {
    int port = MetricsTest.freePort();
    AppConfig config = AppConfig.fromEnv(Map.of(
        "LB_DATA_DIR", dataDir.toString(), "LB_HTTP_PORT", String.valueOf(port), "LB_LOCAL_SHARDS", "2",
        // a close that failed while PostgreSQL was down leaves its lease; the next one waits it out
        "LB_CLOSE_LEASE_SECONDS", "5"));
    LeaderboardApp app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await();
    Http http = new Http(AdminClients.of(vertx, app), port);
    try {
      String board = "sup-" + UUID.randomUUID().toString().substring(0, 8);
      assertThat(http.send("PUT", "/v1/boards/" + board, new JsonObject().put("period", "daily")).statusCode())
          .isEqualTo(201);
      String period = null;
      for (int u = 0; u < 20; u++) {
        HttpResponse<Buffer> r = http.send("POST", "/v1/boards/" + board + "/scores",
            new JsonObject().put("userId", "user" + u).put("value", 100 + u));
        assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
        period = r.bodyAsJsonObject().getString("period");
      }
      String entries = "/v1/boards/" + board + "/entries?limit=100&period=" + period;
      String before = http.send("GET", entries, null).bodyAsString();
      String metrics = http.send("GET", "/metrics", null).bodyAsString();
      for (String server : new String[] {"redis-0", "redis-1", "postgres"}) {
        assertThat(MetricsTest.samples(metrics, RESTARTS, Map.of("server", server))).as(server).containsValue(0.0);
      }

      serverIn(dataDir.resolve("redis-0")).destroyForcibly();
      Await.until("the restart of redis-0 counted", BACK, () -> restarts(http, "redis-0") == 1.0);
      // the shard's clients drop the connections the kill broke; then the same answer as before
      Await.until("the board served from the restarted shard", BACK,
          () -> http.send("GET", entries, null).bodyAsString().equals(before));
      assertThat(http.send("POST", "/v1/boards/" + board + "/scores",
          new JsonObject().put("userId", "user0").put("value", 1)).statusCode()).isEqualTo(200);

      serverIn(dataDir.resolve("postgres")).destroyForcibly();
      Await.until("the restart of postgres counted", BACK, () -> restarts(http, "postgres") == 1.0);
      String close = "/v1/boards/" + board + "/periods/" + period + "/close";
      // the archive's pool drops the connections the kill broke, then reaches the restarted server
      Await.until("the period archived into the restarted PostgreSQL", BACK,
          () -> http.send("POST", close, null).statusCode() == 200);
      JsonObject archived = http.send("GET", entries, null).bodyAsJsonObject();
      assertThat(archived.getLong("total")).isEqualTo(20);
      assertThat(restarts(http, "redis-1")).isZero();
    } finally {
      app.stop().await();
    }
  }

  private static double restarts(Http http, String server) {
    return MetricsTest.sum(http.send("GET", "/metrics", null).bodyAsString(), RESTARTS, Map.of("server", server));
  }

  /** The node's server process whose working directory is {@code dir}: both servers change into their data directory. */
  private static ProcessHandle serverIn(Path dir) throws IOException {
    Path real = dir.toRealPath();
    return ProcessHandle.current().children()
        .filter(h -> real.equals(cwd(h)))
        .findFirst().orElseThrow(() -> new AssertionError("no server running in " + dir));
  }

  private static Path cwd(ProcessHandle handle) {
    try {
      return Files.readSymbolicLink(Path.of("/proc", Long.toString(handle.pid()), "cwd"));
    } catch (IOException e) {
      return null;
    }
  }

  private record Http(WebClient client, int port) {
    HttpResponse<Buffer> send(String method, String uri, JsonObject body) {
      var request = client.request(HttpMethod.valueOf(method), port, "localhost", uri);
      return (body == null ? request.send() : request.sendJsonObject(body)).await();
    }
  }
}
