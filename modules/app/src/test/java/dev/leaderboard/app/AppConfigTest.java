package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.HttpExposure;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings this branch added, and that no setting's password reaches a message or the log. */
class AppConfigTest {
  private static final String REDIS_SECRET = "redis-s3cret";
  private static final String PG_SECRET = "pg-s3cret";

  @Test
  void defaults() {
    AppConfig c = AppConfig.fromEnv(Map.of());
    assertThat(c.httpExposure()).isEqualTo(HttpExposure.DEFAULTS);
    assertThat(c.httpExposure().host()).isEqualTo("0.0.0.0");
    assertThat(c.httpExposure().corsOrigins()).isEmpty();
    assertThat(c.clusterBusPort()).isZero();
    assertThat(c.clusterTls()).isNull();
  }

  @Test
  void newSettingsAreReadAndCheckedTogether() {
    AppConfig c = AppConfig.fromEnv(Map.of("LB_HTTP_HOST", "127.0.0.1",
        "LB_HTTP_CORS_ORIGINS", "https://a.example, http://localhost:3000", "LB_CLUSTER_HOST", "10.1.2.3",
        "LB_CLUSTER_BUS_PORT", "5702", "LB_CLUSTER_TLS_CERT", "/t/tls.crt", "LB_CLUSTER_TLS_KEY", "/t/tls.key",
        "LB_CLUSTER_TLS_CA", "/t/ca.crt"));
    assertThat(c.httpExposure()).isEqualTo(new HttpExposure("127.0.0.1", List.of("https://a.example", "http://localhost:3000")));
    assertThat(c.clusterHost()).isEqualTo("10.1.2.3");
    assertThat(c.clusterBusPort()).isEqualTo(5702);
    assertThat(c.clusterTls().key()).hasToString("/t/tls.key");

    assertRefused(Map.of("LB_CLUSTER_TLS_CERT", "/t/tls.crt"), "LB_CLUSTER_TLS_KEY, LB_CLUSTER_TLS_CA");
    assertRefused(Map.of("LB_CLUSTER_HOST", "node-1.example"), "LB_CLUSTER_HOST", "IP address");
    assertRefused(Map.of("LB_CLUSTER_BUS_PORT", "70000"), "LB_CLUSTER_BUS_PORT");
    assertRefused(Map.of("LB_HTTP_CORS_ORIGINS", "*"), "LB_HTTP_CORS_ORIGINS", "scheme://host[:port]");
  }

  @Test
  void passwordsInEndpointsNeverReachTheTextOfTheConfigurationNorAnError() {
    AppConfig c = AppConfig.fromEnv(Map.of(
        "LB_REDIS_ENDPOINTS", "redis://:" + REDIS_SECRET + "@10.0.0.1:6379,rediss://app:" + REDIS_SECRET + "@10.0.0.2:6380",
        "LB_PG_URI", "postgresql://leaderboard:" + PG_SECRET + "@db:5432/leaderboard"));
    assertThat(c.redisEndpoints()).allMatch(e -> e.contains(REDIS_SECRET));
    assertThat(c.toString()).doesNotContain(REDIS_SECRET).doesNotContain(PG_SECRET)
        .contains("redis://:***@10.0.0.1:6379", "rediss://app:***@10.0.0.2:6380", "postgresql://leaderboard:***@db:5432/leaderboard");
    assertThat(c.withPgUri("postgresql://postgres:" + PG_SECRET + "@127.0.0.1:1/postgres").toString()).doesNotContain(PG_SECRET);
    assertThat(SecretUris.redact("redis://" + REDIS_SECRET + "@h:1")).isEqualTo("redis://***@h:1");

    // malformed: the parsers' own messages repeat the input; these name the setting and the rule only
    for (Map<String, String> bad : List.of(
        Map.of("LB_REDIS_ENDPOINTS", "redis://10.0.0.1:6379,redis://:" + REDIS_SECRET + "@bad host:6379"),
        Map.of("LB_REDIS_ENDPOINTS", "http://:" + REDIS_SECRET + "@10.0.0.1:6379"),
        Map.of("LB_REDIS_ENDPOINTS", "redis://:" + REDIS_SECRET + "%zz@10.0.0.1:6379"),
        Map.of("LB_PG_URI", "postgresql://leaderboard:" + PG_SECRET + "@db:port/leaderboard"),
        Map.of("LB_PG_URI", "leaderboard:" + PG_SECRET + "@db"))) {
      Map<String, String> env = new HashMap<>(bad);
      assertThatThrownBy(() -> AppConfig.fromEnv(env)).as("%s", env.keySet()).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(env.keySet().iterator().next()).hasMessageNotContaining(REDIS_SECRET)
          .hasMessageNotContaining(PG_SECRET);
    }
  }

  private static void assertRefused(Map<String, String> env, String... mentions) {
    assertThatThrownBy(() -> AppConfig.fromEnv(env)).isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll(mentions);
  }
}
