package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.EdgeLimits;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.OpenOperations;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The settings: the backpressure limits (defaults, values, values refused), the credentials (the
 * admin key file, whether metrics and the API document are open), and that a Redis password in
 * {@code LB_REDIS_ENDPOINTS} is never logged.
 */
class AppConfigTest {

  @Test
  void aRedisPasswordIsNotLoggedAtStart() throws Exception {
    AppConfig config = AppConfig.fromEnv(Map.of("LB_REDIS_ENDPOINTS", "redis://app:s3cr3t-pw@10.0.0.7:6379/0",
        "LB_PG_URI", "postgresql://pg:5432/leaderboard"));
    String log;
    try (CapturedErr err = new CapturedErr(); EmbeddedServices none = EmbeddedServices.start(config)) {
      log = err.text();
    }
    assertThat(log).contains("redis://10.0.0.7:6379").doesNotContain("s3cr3t-pw");
  }

  @Test
  void metricsAndTheDocumentAreOpenUnlessSetOffAndTheAdminKeyFileIsOptional() {
    AppConfig defaults = AppConfig.fromEnv(Map.of());
    assertThat(defaults.open()).isEqualTo(OpenOperations.DEFAULTS).isEqualTo(new OpenOperations(true, true));
    assertThat(defaults.adminKeyFile()).isNull();
    AppConfig closed = AppConfig.fromEnv(Map.of("LB_METRICS_OPEN", "off", "LB_OPENAPI_OPEN", "false",
        "LB_ADMIN_KEY_FILE", "secrets/../secrets/admin.key"));
    assertThat(closed.open()).isEqualTo(new OpenOperations(false, false));
    assertThat(closed.adminKeyFile()).isEqualTo(Path.of("secrets/admin.key").toAbsolutePath());
    assertThat(closed.withRedisEndpoints(List.of("redis://h:1")).withPgUri("postgresql://h/db"))
        .satisfies(c -> {
          assertThat(c.open()).isEqualTo(closed.open());
          assertThat(c.adminKeyFile()).isEqualTo(closed.adminKeyFile());
        });
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_METRICS_OPEN", "maybe")))
        .hasMessageContaining("LB_METRICS_OPEN must be on or off");
  }

  @Test
  void playerTokensAreOffUnlessASecretOrKeyFileIsSet() {
    assertThat(AppConfig.fromEnv(Map.of()).players()).isEqualTo(PlayerTokenSettings.NONE);
    assertThat(AppConfig.fromEnv(Map.of()).players().enabled()).isFalse();
    AppConfig set = AppConfig.fromEnv(Map.of("LB_JWT_HS256_SECRET_FILE", "s/../jwt.secret", "LB_JWT_JWKS_FILE", "jwks.json",
        "LB_JWT_ISSUER", " https://login.example.com ", "LB_JWT_AUDIENCE", "leaderboard"));
    assertThat(set.players()).isEqualTo(new PlayerTokenSettings(Path.of("jwt.secret").toAbsolutePath(),
        Path.of("jwks.json").toAbsolutePath(), "https://login.example.com", "leaderboard"));
    assertThat(set.withPgUri("postgresql://x/y").withRedisEndpoints(List.of("redis://a:1")).players()).isEqualTo(set.players());
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_JWT_ISSUER", "https://login.example.com")))
        .hasMessageContaining("LB_JWT_ISSUER and LB_JWT_AUDIENCE need LB_JWT_HS256_SECRET_FILE or LB_JWT_JWKS_FILE");
  }

  @Test
  void inFlightLimitAndRedisPoolWaitingHaveDefaultsAndCanBeSet() {
    AppConfig defaults = AppConfig.fromEnv(Map.of());
    assertThat(defaults.http().maxInFlight()).isEqualTo(EdgeLimits.MAX_IN_FLIGHT);
    assertThat(defaults.redisPoolWaiting()).as("16 per connection of 16").isEqualTo(256);

    AppConfig set = AppConfig.fromEnv(Map.of("LB_HTTP_MAX_IN_FLIGHT", "500", "LB_REDIS_MAX_POOL_WAITING", "0"));
    assertThat(set.http().maxInFlight()).isEqualTo(500);
    assertThat(set.redisPoolWaiting()).isZero();
    assertThat(set.withPgUri("postgresql://x/y").http().maxInFlight()).isEqualTo(500);
    assertThat(set.withRedisEndpoints(List.of("redis://a:1")).redisPoolWaiting()).isZero();

    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_HTTP_MAX_IN_FLIGHT", "0")))
        .hasMessageContaining("LB_HTTP_MAX_IN_FLIGHT must be between 1 and");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_REDIS_MAX_POOL_WAITING", "-1")))
        .hasMessageContaining("LB_REDIS_MAX_POOL_WAITING must be between 0 and");
  }
}
