package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.EdgeLimits;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The backpressure settings: their defaults, their values, and the values refused. */
class AppConfigTest {
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
