package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.embedded.TestRedisBinaries;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's redis-server is the one LB_REDIS_SERVER names, shown by readiness; a node whose
 * redis-server cannot read the shards' data (7.x data, the shipped 6.2) refuses to start instead of
 * serving empty boards, and registers no new admin key.
 */
@ExtendWith(VertxExtension.class)
class RedisServerChoiceTest {

  @Test
  void aNodeThatWouldRunAnOlderRedisOverItsDataRefusesToStart(Vertx vertx, @TempDir Path dataDir) throws Exception {
    Path shipped = TestRedisBinaries.shipped(dataDir.resolve("shipped"));
    Path seven = TestRedisBinaries.seven();
    int port = AppRestartTest.freePort();

    LeaderboardApp onShipped = LeaderboardApp.start(config(dataDir, port, shipped), AppRestartTest.CLOCK).await();
    WebClient http = AdminClients.of(vertx, onShipped);
    try {
      assertThat(readyRedis(http, port).getString("server")).startsWith("redis-server 6.2.")
          .endsWith(" at " + shipped + " (LB_REDIS_SERVER)");
      put(http, port, "/v1/boards/kept");
    } finally {
      onShipped.stop().await();
    }

    LeaderboardApp onSeven = LeaderboardApp.start(config(dataDir, port, seven), AppRestartTest.CLOCK).await();
    try {
      assertThat(readyRedis(http, port).getString("server")).startsWith("redis-server 7.")
          .endsWith(" at " + seven + " (LB_REDIS_SERVER)");
      assertThat(http.get(port, "localhost", "/v1/boards/kept").send().await().statusCode()).isEqualTo(200);
    } finally {
      onSeven.stop().await();
    }

    String adminKey = Files.readString(dataDir.resolve("admin.key"));
    assertThatThrownBy(() -> LeaderboardApp.start(config(dataDir, port, shipped), AppRestartTest.CLOCK).await())
        .hasMessageContaining("was written by redis-server 7.")
        .hasMessageContaining("redis-server 6.2.")
        .hasMessageContaining("Set LB_REDIS_SERVER to the path of a redis-server 7.");
    assertThat(Files.readString(dataDir.resolve("admin.key"))).isEqualTo(adminKey);
    assertThat(dataDir.resolve("redis-0/appendonly.aof")).doesNotExist();

    LeaderboardApp again = LeaderboardApp.start(config(dataDir, port, seven), AppRestartTest.CLOCK).await();
    try {
      assertThat(http.get(port, "localhost", "/v1/boards/kept").send().await().statusCode()).isEqualTo(200);
    } finally {
      again.stop().await();
    }
  }

  private static AppConfig config(Path dataDir, int port, Path server) {
    return AppConfig.fromEnv(Map.of("LB_DATA_DIR", dataDir.toString(), "LB_HTTP_PORT", String.valueOf(port),
        "LB_LOCAL_SHARDS", "2", "LB_REDIS_SERVER", server.toString()));
  }

  private static JsonObject readyRedis(WebClient http, int port) {
    HttpResponse<Buffer> r = http.get(port, "localhost", "/health/ready").send().await();
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    return r.bodyAsJsonObject().getJsonObject("checks").getJsonObject("redis");
  }

  private static void put(WebClient http, int port, String path) {
    HttpResponse<Buffer> r = http.put(port, "localhost", path).sendJsonObject(new JsonObject()).await();
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(201);
  }
}
