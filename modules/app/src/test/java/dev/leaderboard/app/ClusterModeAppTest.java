package dev.leaderboard.app;

import static dev.leaderboard.app.PlayerTokensAppTest.send;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestCluster;
import dev.leaderboard.embedded.TestPostgres;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with {@code LB_REDIS_MODE=cluster} and a Redis Cluster's seed nodes: its admin key, boards,
 * scores, friends and readiness all work on the cluster, and readiness lists its masters.
 */
@ExtendWith(VertxExtension.class)
class ClusterModeAppTest {

  @Test
  void aNodeRunsOnARedisCluster(Vertx vertx, @TempDir Path dir) throws Exception {
    AppConfig config = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("data").toString(),
        "LB_HTTP_PORT", String.valueOf(AppRestartTest.freePort()), "LB_REDIS_MODE", "cluster",
        "LB_REDIS_ENDPOINTS", TestCluster.seeds().get(0), "LB_PG_URI", TestPostgres.uri()));
    LeaderboardApp app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await(60, TimeUnit.SECONDS);
    try {
      int port = config.httpPort();
      WebClient admin = AdminClients.of(vertx, app);
      String board = "/v1/boards/c-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
      assertThat(send(admin, port, HttpMethod.PUT, board, "{\"partitions\": 6}").statusCode()).isEqualTo(201);
      StringBuilder events = new StringBuilder("{\"events\": [");
      for (int i = 0; i < 60; i++) {
        events.append(i == 0 ? "" : ",").append("{\"userId\": \"u").append(i).append("\", \"value\": ").append(i)
            .append("}");
      }
      assertThat(send(admin, port, HttpMethod.POST, board + "/scores/batch", events + "]}").bodyAsJsonObject()
          .getInteger("applied")).isEqualTo(60);
      JsonObject top = send(admin, port, HttpMethod.GET, board + "/entries?limit=3", null).bodyAsJsonObject();
      assertThat(top.getLong("total")).isEqualTo(60);
      assertThat(top.getJsonArray("entries").getJsonObject(0).getString("userId")).isEqualTo("u59");
      assertThat(send(admin, port, HttpMethod.GET, board + "/users/u10", null).bodyAsJsonObject().getLong("rank"))
          .isEqualTo(50);
      assertThat(send(admin, port, HttpMethod.PUT, "/v1/users/u1/friends/u2", null).statusCode()).isBetween(200, 204);
      JsonObject friends = send(admin, port, HttpMethod.GET, board + "/users/u1/friends", null).bodyAsJsonObject();
      assertThat(friends.getJsonArray("entries")).hasSize(2);
      JsonObject ready = send(admin, port, HttpMethod.GET, "/health/ready", null).bodyAsJsonObject();
      assertThat(ready.getString("status")).isEqualTo("UP");
      assertThat(ready.encode()).contains("\"shard\":2").doesNotContain("127.0.0.1");
      assertThat(send(admin, port, HttpMethod.DELETE, board, null).statusCode()).isBetween(200, 204);
    } finally {
      app.stop().await(60, TimeUnit.SECONDS);
    }
  }
}
