package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything a node and its embedded servers log, from their start through a shard outage to the
 * stop, holds none of their passwords: not the embedded servers' own (made and kept in their data
 * directory), not the ones in {@code LB_REDIS_ENDPOINTS} and {@code LB_PG_URI}.
 */
@ExtendWith(VertxExtension.class)
class SecretsStayOutOfLogsTest {

  @Test
  void noPasswordIsLogged(Vertx vertx, @TempDir Path dir) throws Exception {
    String logged;
    List<String> secrets;
    try (LogCapture log = LogCapture.start()) {
      LocalRedisShards redis = LocalRedisShards.start(dir.resolve("redis"), 2);
      try (LocalPostgres postgres = LocalPostgres.start(dir.resolve("pg"))) {
        int port = ClusterIT.freePort();
        AppConfig config = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("node").toString(),
            "LB_HTTP_PORT", String.valueOf(port), "LB_REDIS_ENDPOINTS", String.join(",", redis.endpoints()),
            "LB_PG_URI", postgres.uri()));
        LeaderboardApp app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await();
        try {
          WebClient http = AdminClients.of(vertx, app);
          assertThat(http.put(port, "localhost", "/v1/boards/logged").sendJsonObject(new JsonObject()).await().statusCode())
              .isEqualTo(201);
          redis.close();
          // a shard down: failed requests and readiness are logged, with the shard's address and the cause
          HttpResponse<Buffer> down = http.get(port, "localhost", "/v1/boards/logged/entries").send().await();
          assertThat(down.statusCode()).isEqualTo(503);
          assertThat(http.get(port, "localhost", "/health/ready").send().await().statusCode()).isEqualTo(503);
        } finally {
          app.stop().await();
        }
      }
      logged = log.text();
      secrets = List.of(Files.readString(dir.resolve("redis/redis.password")).strip(),
          Files.readString(dir.resolve("pg/postgres.password")).strip(),
          Files.readString(dir.resolve("node/admin.key")).strip());
    }
    assertThat(logged).as("what was logged").contains("redis shards: [redis://127.0.0.1:", "does not answer PING",
        "GET /v1/boards/logged/entries: Redis shard");
    for (String secret : secrets) {
      assertThat(logged).as("what was logged").doesNotContain(secret);
    }
  }
}
