package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node started with {@code LB_JWT_HS256_SECRET_FILE} and {@code LB_JWT_ISSUER} takes player tokens
 * signed with that secret (here by the login-service side of {@code vertx-auth-jwt}), within what
 * players may do; neither the secret nor a token shows in its log or metrics.
 */
@ExtendWith(VertxExtension.class)
class PlayerTokensAppTest {
  private static final String ISSUER = "https://login.example.com";

  @Test
  void aNodeWithASecretFileTakesPlayerTokensAndNeverShowsThem(Vertx vertx, @TempDir Path dir) throws Exception {
    byte[] random = new byte[48];
    new SecureRandom().nextBytes(random);
    String secret = Base64.getEncoder().encodeToString(random);
    Path secretFile = Files.writeString(dir.resolve("jwt.secret"), secret + "\n");
    String redis = String.join(",", TestShards.endpoints());
    AppConfig config = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("data").toString(),
        "LB_HTTP_PORT", String.valueOf(AppRestartTest.freePort()), "LB_REDIS_ENDPOINTS", redis,
        "LB_PG_URI", TestPostgres.uri(), "LB_JWT_HS256_SECRET_FILE", secretFile.toString(), "LB_JWT_ISSUER", ISSUER));
    String token = JWTAuth.create(vertx, new JWTAuthOptions().addPubSecKey(new PubSecKeyOptions().setAlgorithm("HS256")
        .setBuffer(secret))).generateToken(new JsonObject().put("sub", "alice").put("iss", ISSUER),
        new JWTOptions().setExpiresInSeconds(600));
    String log;
    String metrics;
    try (CapturedErr err = new CapturedErr()) {
      LeaderboardApp app = LeaderboardApp.start(config, AppRestartTest.CLOCK).await(60, TimeUnit.SECONDS);
      try {
        int port = config.httpPort();
        WebClient admin = AdminClients.of(vertx, app);
        WebClient player = AdminClients.withAuthorization(vertx, "Bearer " + token);
        String board = "/v1/boards/p-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
        assertThat(send(admin, port, HttpMethod.PUT, board, "{\"clientWrites\": true}").statusCode()).isEqualTo(201);
        assertThat(send(player, port, HttpMethod.POST, board + "/scores", "{\"userId\": \"alice\", \"value\": 5}")
            .bodyAsJsonObject().getLong("score")).isEqualTo(5);
        HttpResponse<Buffer> other = send(player, port, HttpMethod.POST, board + "/scores", "{\"userId\": \"bob\", \"value\": 5}");
        assertThat(other.statusCode()).isEqualTo(403);
        assertThat(send(player, port, HttpMethod.DELETE, board, null).statusCode()).isEqualTo(403);
        metrics = send(admin, port, HttpMethod.GET, "/metrics", null).bodyAsString();
      } finally {
        app.stop().await(60, TimeUnit.SECONDS);
      }
      log = err.text();
    }
    assertThat(log).contains("player tokens: an HS256 secret from " + secretFile, "issuer " + ISSUER)
        .doesNotContain(secret).doesNotContain(token);
    assertThat(metrics).doesNotContain(token).doesNotContain(token.substring(token.lastIndexOf('.') + 1));
  }

  static HttpResponse<Buffer> send(WebClient client, int port, HttpMethod method, String uri, String body)
      throws Exception {
    var request = client.request(method, port, "localhost", uri);
    return (body == null ? request.send() : request.putHeader("Content-Type", "application/json")
        .sendBuffer(Buffer.buffer(body))).await(20, TimeUnit.SECONDS);
  }
}
