package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.store.Keys;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's admin key: made on the first start in {@code LB_DATA_DIR/admin.key} (owner-only),
 * reused later, registered again in a Redis that lacks it, replaced once revoked; or read from
 * {@code LB_ADMIN_KEY_FILE}. Only the file's path is logged, never the key.
 */
@ExtendWith(VertxExtension.class)
class AdminKeyFileTest {

  @Test
  void theFirstStartMakesAnOwnerOnlyKeyLaterStartsReuseItAndARevokedOneIsReplaced(Vertx vertx, @TempDir Path dataDir)
      throws Exception {
    Path file = dataDir.resolve("admin.key");
    Map<String, String> env = env(dataDir);
    LeaderboardApp first;
    String log;
    try (CapturedErr err = new CapturedErr()) {
      first = LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await();
      log = err.text();
    }
    String key;
    try {
      assertThat(first.adminKeyFile()).isEqualTo(file);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
      key = Files.readString(file).strip();
      ApiKeyToken token = ApiKeyToken.parse(key);
      assertThat(token).isNotNull();
      assertThat(log).contains(file.toString()).contains(token.id())
          .doesNotContain(key).doesNotContain(key.substring(20));
      assertWorks(vertx, env, key);
      JsonObject record = admin(vertx, key).get(port(env), "localhost", "/v1/keys").send().await()
          .bodyAsJsonObject().getJsonArray("keys").stream().map(k -> (JsonObject) k)
          .filter(k -> k.getString("id").equals(token.id())).findFirst().orElseThrow();
      assertThat(record.getJsonArray("scopes")).containsExactly("read", "submit", "friends", "admin");
      assertThat(record.containsKey("boards")).isFalse();
      assertThat(record.containsKey("expiresAt")).isFalse();
    } finally {
      first.stop().await();
    }

    // later starts reuse it; one on a Redis without its record registers it again
    restartAndCheck(vertx, env, key);
    Redis meta = Redis.createClient(vertx, TestShards.endpoints().get(0));
    try {
      meta.send(Request.cmd(Command.HDEL).arg(Keys.API_KEYS).arg(ApiKeyToken.parse(key).id())).await();
    } finally {
      meta.close();
    }
    restartAndCheck(vertx, env, key);

    // a revoked admin key is never registered again: the node writes a new one
    LeaderboardApp third = LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await();
    try {
      assertThat(admin(vertx, key).delete(port(env), "localhost", "/v1/keys/" + ApiKeyToken.parse(key).id())
          .send().await().statusCode()).isEqualTo(200);
    } finally {
      third.stop().await();
    }
    LeaderboardApp fourth = LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await();
    try {
      String replaced = Files.readString(file).strip();
      assertThat(replaced).isNotEqualTo(key);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
      assertWorks(vertx, env, replaced);
      assertThat(status(admin(vertx, key), env, "/v1/boards")).isEqualTo(401);
    } finally {
      fourth.stop().await();
    }
  }

  @Test
  void aKeyFileGivenInLbAdminKeyFileIsUsedAndNothingIsWritten(Vertx vertx, @TempDir Path dir) throws Exception {
    Path secret = dir.resolve("secret").resolve("admin.key");
    Files.createDirectories(secret.getParent());
    String key = ApiKeyToken.generate(new SecureRandom()).value();
    Files.writeString(secret, key);
    Path dataDir = dir.resolve("data");
    Map<String, String> env = env(dataDir);
    env.put("LB_ADMIN_KEY_FILE", secret.toString());
    LeaderboardApp app = LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await();
    try {
      assertThat(app.adminKeyFile()).isEqualTo(secret);
      assertWorks(vertx, env, key);
      assertThat(dataDir.resolve("admin.key")).doesNotExist();
      assertThat(status(WebClient.create(vertx), env, "/v1/boards")).isEqualTo(401);
    } finally {
      app.stop().await();
    }
  }

  @Test
  void aMissingOrMalformedGivenKeyFileStopsTheStartWithoutShowingIt(@TempDir Path dir) throws Exception {
    Map<String, String> env = env(dir.resolve("data"));
    env.put("LB_ADMIN_KEY_FILE", dir.resolve("absent.key").toString());
    assertThatThrownBy(() -> LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await())
        .hasMessageContaining("LB_ADMIN_KEY_FILE").hasMessageContaining("absent.key");
    Path bad = dir.resolve("bad.key");
    Files.writeString(bad, "change-me-please");
    env.put("LB_ADMIN_KEY_FILE", bad.toString());
    env.put("LB_HTTP_PORT", String.valueOf(MetricsTest.freePort()));
    assertThatThrownBy(() -> LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await())
        .hasMessageContaining(bad.toString()).hasMessageContaining("lb_<16 hex characters>")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("change-me-please"));
  }

  private static void restartAndCheck(Vertx vertx, Map<String, String> env, String key) throws Exception {
    LeaderboardApp app = LeaderboardApp.start(config(env), AppRestartTest.CLOCK).await();
    try {
      assertThat(Files.readString(app.adminKeyFile()).strip()).isEqualTo(key);
      assertWorks(vertx, env, key);
    } finally {
      app.stop().await();
    }
  }

  /** The key manages boards; without it the same request is refused. */
  private static void assertWorks(Vertx vertx, Map<String, String> env, String key) {
    String board = "ak-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
    HttpResponse<Buffer> made = admin(vertx, key).put(port(env), "localhost", "/v1/boards/" + board)
        .sendJsonObject(new JsonObject()).await();
    assertThat(made.statusCode()).as(made.bodyAsString()).isEqualTo(201);
    assertThat(WebClient.create(vertx).delete(port(env), "localhost", "/v1/boards/" + board).send().await()
        .statusCode()).isEqualTo(401);
  }

  private static WebClient admin(Vertx vertx, String key) {
    return AdminClients.withAuthorization(vertx, "Bearer " + key);
  }

  private static int status(WebClient client, Map<String, String> env, String uri) {
    return client.get(port(env), "localhost", uri).send().await().statusCode();
  }

  private static int port(Map<String, String> env) {
    return Integer.parseInt(env.get("LB_HTTP_PORT"));
  }

  private static Map<String, String> env(Path dataDir) throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("LB_DATA_DIR", dataDir.toString());
    env.put("LB_REDIS_ENDPOINTS", String.join(",", TestShards.endpoints()));
    env.put("LB_PG_URI", TestPostgres.uri());
    env.put("LB_HTTP_PORT", String.valueOf(MetricsTest.freePort()));
    return env;
  }

  private static AppConfig config(Map<String, String> env) {
    return AppConfig.fromEnv(env);
  }
}
