package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.EdgeLimits;
import dev.leaderboard.api.limit.Rate;
import dev.leaderboard.api.limit.RateLimits;
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

  @Test
  void rateLimitsHaveDefaultsCanBeSetOneByOneAndTurnedOff() {
    RateLimits defaults = AppConfig.fromEnv(Map.of()).rates();
    assertThat(defaults.rate("submit")).isEqualTo(new Rate(1000, 2000));
    assertThat(defaults.rate("public")).isEqualTo(new Rate(20, 40));
    assertThat(defaults.maxBuckets()).isEqualTo(RateLimits.MAX_BUCKETS);
    for (String limit : RateLimits.NAMES) {
      assertThat(defaults.rate(limit)).as(limit).isEqualTo(Rate.parse(RateLimits.DEFAULTS.get(limit)));
    }

    RateLimits set = AppConfig.fromEnv(Map.of("LB_RATE_SUBMIT", "50/s,burst=100", "LB_RATE_READ", "off",
        "LB_RATE_PUBLIC", "600/min", "LB_RATE_MAX_BUCKETS", "500")).rates();
    assertThat(set.rate("submit")).isEqualTo(new Rate(50, 100));
    assertThat(set.rate("read")).isNull();
    assertThat(set.rate("public")).isEqualTo(new Rate(10, 600));
    assertThat(set.rate("admin")).isEqualTo(defaults.rate("admin"));
    assertThat(set.maxBuckets()).isEqualTo(500);
    assertThat(AppConfig.fromEnv(Map.of("LB_RATE_SUBMIT", "5/s")).withPgUri("postgresql://x/y").rates().rate("submit"))
        .isEqualTo(new Rate(5, 5));

    assertThat(AppConfig.fromEnv(Map.of("LB_RATE_LIMITS", "off")).rates().off()).isTrue();
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_RATE_SUBMIT", "fast")))
        .hasMessageContaining("LB_RATE_SUBMIT must be off or <n>/s");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_RATE_MAX_BUCKETS", "0")))
        .hasMessageContaining("LB_RATE_MAX_BUCKETS must be between 1 and");
  }
}
