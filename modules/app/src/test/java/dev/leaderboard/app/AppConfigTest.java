package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.api.EdgeLimits;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.limit.Rate;
import dev.leaderboard.api.limit.RateLimits;
import dev.leaderboard.api.OpenOperations;
import dev.leaderboard.service.webhooks.WebhookSettings;
import dev.leaderboard.store.dispatch.ReplicaWait;
import java.nio.file.Path;
import dev.leaderboard.api.HttpExposure;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The settings: the backpressure limits (defaults, values, values refused), the credentials (the
 * admin key file, whether metrics and the API document are open), the HTTP exposure and cluster
 * settings, and that no setting's password reaches a message or the log.
 */
class AppConfigTest {
  private static final String REDIS_SECRET = "redis-s3cret";
  private static final String PG_SECRET = "pg-s3cret";

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
  void theLocalShardsRedisServerIsLbRedisServerAndNeedsLocalShards() {
    assertThat(AppConfig.fromEnv(Map.of()).redisServer()).isNull();
    AppConfig set = AppConfig.fromEnv(Map.of("LB_REDIS_SERVER", " /usr/bin/../bin/redis-server "));
    assertThat(set.redisServer()).isEqualTo(Path.of("/usr/bin/redis-server"));
    assertThat(set.withRedisEndpoints(List.of("redis://h:1")).withPgUri("postgresql://h/db").redisServer())
        .isEqualTo(set.redisServer());
    assertThat(set.toString()).contains("redisServer=/usr/bin/redis-server");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_REDIS_SERVER", "/usr/bin/redis-server",
        "LB_REDIS_ENDPOINTS", "redis://h:1"))).hasMessageContaining("LB_REDIS_SERVER")
        .hasMessageContaining("LB_REDIS_ENDPOINTS");
  }

  @Test
  void tracesGoToAnOtlpHttpEndpointOnlyWhenOneIsSet() {
    assertThat(AppConfig.fromEnv(Map.of()).otlpEndpoint()).isNull();
    AppConfig set = AppConfig.fromEnv(Map.of("LB_OTLP_ENDPOINT", " http://collector:4318 "));
    assertThat(set.otlpEndpoint()).isEqualTo("http://collector:4318");
    assertThat(set.withRedisEndpoints(List.of("redis://h:1")).withPgUri("postgresql://h/db").otlpEndpoint())
        .isEqualTo(set.otlpEndpoint());
    assertThat(AppConfig.fromEnv(Map.of("LB_OTLP_ENDPOINT", "https://user:secret@otlp.example.com/otlp")).toString())
        .contains("otlpEndpoint=https://user:***@otlp.example.com/otlp").doesNotContain("secret");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_OTLP_ENDPOINT", "collector:4317")))
        .hasMessageContaining("LB_OTLP_ENDPOINT must start with http://, https://");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_OTLP_ENDPOINT", "http://collector :4318")))
        .hasMessageContaining("LB_OTLP_ENDPOINT is not a URI");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_OTLP_ENDPOINT", "http:///v1/traces")))
        .hasMessageContaining("LB_OTLP_ENDPOINT names no host");
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
  void redisIsStandaloneUnlessClusterModeNamesSeedNodes() {
    AppConfig defaults = AppConfig.fromEnv(Map.of());
    assertThat(defaults.redisCluster()).isFalse();
    assertThat(defaults.redis().cluster()).isFalse();
    AppConfig cluster = AppConfig.fromEnv(Map.of("LB_REDIS_MODE", "cluster", "LB_REDIS_ENDPOINTS",
        "redis://:pw@10.0.0.7:7000,redis://:pw@10.0.0.8:7000", "LB_REDIS_CLUSTER_SETTLE_MS", "2500"));
    assertThat(cluster.redis().cluster()).isTrue();
    assertThat(cluster.redis().endpoints()).hasSize(2);
    assertThat(cluster.redis().settleMillis()).isEqualTo(2500);
    assertThat(cluster.toString()).contains("redisMode=cluster").doesNotContain(":pw@");
    assertThat(AppConfig.fromEnv(Map.of("LB_REDIS_MODE", "standalone")).redis().cluster()).isFalse();
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_REDIS_MODE", "cluster")))
        .hasMessageContaining("LB_REDIS_MODE=cluster needs LB_REDIS_ENDPOINTS");
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_REDIS_MODE", "sentinel")))
        .hasMessageContaining("standalone or cluster");
  }

  @Test
  void clusterWritesWaitForOneReplicaWhereThereAreReplicasUnlessToldOtherwise() {
    Map<String, String> cluster = Map.of("LB_REDIS_MODE", "cluster", "LB_REDIS_ENDPOINTS", "redis://10.0.0.7:7000");
    ReplicaWait defaults = AppConfig.fromEnv(cluster).redis().replicaWait();
    assertThat(defaults.replicas()).isEqualTo(ReplicaWait.AUTO);
    assertThat(defaults.millis()).isEqualTo(1000);
    Map<String, String> set = new HashMap<>(cluster);
    set.put("LB_REDIS_WAIT_REPLICAS", "2");
    set.put("LB_REDIS_WAIT_MS", "250");
    assertThat(AppConfig.fromEnv(set).redis().replicaWait()).isEqualTo(new ReplicaWait(2, 250));
    set.put("LB_REDIS_WAIT_MS", "0");
    assertThatThrownBy(() -> AppConfig.fromEnv(set)).hasMessageContaining("LB_REDIS_WAIT_MS must be between 1 and");
    set.put("LB_REDIS_WAIT_MS", "250");
    set.put("LB_REDIS_WAIT_REPLICAS", "-1");
    assertThatThrownBy(() -> AppConfig.fromEnv(set)).hasMessageContaining("LB_REDIS_WAIT_REPLICAS must be between 0 and");
    assertThat(AppConfig.fromEnv(Map.of()).redis().replicaWait().replicas()).isZero();
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_REDIS_WAIT_REPLICAS", "1")))
        .hasMessageContaining("LB_REDIS_WAIT_REPLICAS and LB_REDIS_WAIT_MS need LB_REDIS_MODE=cluster");
  }

  @Test
  void inFlightLimitAndRedisPoolWaitingHaveDefaultsAndCanBeSet() {
    AppConfig defaults = AppConfig.fromEnv(Map.of());
    assertThat(defaults.http().maxInFlight()).isEqualTo(EdgeLimits.MAX_IN_FLIGHT);
    assertThat(defaults.http().targetWait()).isEqualTo(EdgeLimits.TARGET_WAIT);
    assertThat(defaults.redisPoolWaiting()).as("16 per connection of 64").isEqualTo(1024);
    assertThat(AppConfig.fromEnv(Map.of("LB_HTTP_TARGET_WAIT_MS", "40")).http().targetWait())
        .isEqualTo(java.time.Duration.ofMillis(40));
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_HTTP_TARGET_WAIT_MS", "0")))
        .hasMessageContaining("LB_HTTP_TARGET_WAIT_MS must be between 1 and");

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
  void redisAnswerTimeHasADefaultAndCanBeSet() {
    assertThat(AppConfig.fromEnv(Map.of()).redisAnswerMillis()).isEqualTo(3_000);
    AppConfig set = AppConfig.fromEnv(Map.of("LB_REDIS_TIMEOUT_MS", "250"));
    assertThat(set.redisAnswerMillis()).isEqualTo(250);
    assertThat(set.withRedisEndpoints(List.of("redis://a:1")).withPgUri("postgresql://x/y").redisAnswerMillis())
        .isEqualTo(250);
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_REDIS_TIMEOUT_MS", "50")))
        .hasMessageContaining("LB_REDIS_TIMEOUT_MS must be between 100 and");
  }

  @Test
  void webhookDeliveryHasDefaultsAndCanBeSet() {
    assertThat(AppConfig.fromEnv(Map.of()).webhooks()).isEqualTo(WebhookSettings.DEFAULT);
    AppConfig set = AppConfig.fromEnv(Map.of("LB_WEBHOOK_TIMEOUT_SECONDS", "3", "LB_WEBHOOK_RETRY_FIRST_SECONDS", "2",
        "LB_WEBHOOK_RETRY_MAX_SECONDS", "60", "LB_CLOSE_LEASE_SECONDS", "12"));
    assertThat(set.webhooks()).isEqualTo(new WebhookSettings(2_000, 60_000, 3_000, 12_000));
    assertThatThrownBy(() -> AppConfig.fromEnv(Map.of("LB_WEBHOOK_RETRY_FIRST_SECONDS", "30",
        "LB_WEBHOOK_RETRY_MAX_SECONDS", "10"))).hasMessageContaining("LB_WEBHOOK_RETRY_MAX_SECONDS");
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

  @Test
  void defaults() {
    AppConfig c = AppConfig.fromEnv(Map.of());
    assertThat(c.httpExposure().host()).isEqualTo("127.0.0.1");
    assertThat(c.httpExposure().corsOrigins()).isEmpty();
    assertThat(c.clusterBusPort()).isZero();
    assertThat(c.clusterTls()).isNull();
  }

  @Test
  void httpListensOnLoopbackWithEmbeddedStoresAndOnEveryInterfaceWithExternalOnes() {
    assertThat(AppConfig.fromEnv(Map.of()).httpExposure().host()).isEqualTo("127.0.0.1");
    assertThat(AppConfig.fromEnv(Map.of("LB_PG_URI", "postgresql://u:p@db:5432/lb")).httpExposure().host())
        .as("embedded Redis shards, external archive").isEqualTo("127.0.0.1");
    assertThat(AppConfig.fromEnv(Map.of("LB_REDIS_ENDPOINTS", "redis://r:6379")).httpExposure().host())
        .isEqualTo("0.0.0.0");
    assertThat(AppConfig.fromEnv(Map.of("LB_HTTP_HOST", "0.0.0.0")).httpExposure().host()).isEqualTo("0.0.0.0");
    assertThat(AppConfig.fromEnv(Map.of("LB_HTTP_HOST", "127.0.0.1", "LB_REDIS_ENDPOINTS", "redis://r:6379"))
        .httpExposure().host()).isEqualTo("127.0.0.1");
  }

  @Test
  void aClusteredNodeNeedsEventBusTlsUnlessItIsTurnedOffExplicitly() {
    Map<String, String> files = Map.of("LB_CLUSTER_TLS_CERT", "/t/tls.crt", "LB_CLUSTER_TLS_KEY", "/t/tls.key",
        "LB_CLUSTER_TLS_CA", "/t/ca.crt");
    assertRefused(Map.of("LB_CLUSTER", "on"), "LB_CLUSTER=on", "LB_CLUSTER_TLS_CERT", "LB_CLUSTER_TLS=off",
        "any process that joins the cluster can call every service");
    assertRefused(Map.of("LB_CLUSTER", "on", "LB_CLUSTER_TLS", "on"), "LB_CLUSTER_TLS_CERT");
    assertThat(AppConfig.fromEnv(with(files, "LB_CLUSTER", "on")).clusterTls().ca()).hasToString("/t/ca.crt");
    AppConfig plaintext = AppConfig.fromEnv(Map.of("LB_CLUSTER", "on", "LB_CLUSTER_TLS", "off"));
    assertThat(plaintext.clusterTls()).isNull();
    assertThat(ClusterSetup.warning(plaintext)).contains("without TLS", "LB_CLUSTER_TLS=off", "deleteBoard");
    assertThat(ClusterSetup.warning(AppConfig.fromEnv(with(files, "LB_CLUSTER", "on")))).isNull();
    assertThat(ClusterSetup.warning(AppConfig.fromEnv(Map.of()))).as("not clustered").isNull();
    assertRefused(with(files, "LB_CLUSTER_TLS", "off"), "LB_CLUSTER_TLS=off contradicts");
    assertRefused(Map.of("LB_CLUSTER", "on", "LB_CLUSTER_TLS", "maybe"), "LB_CLUSTER_TLS", "on or off");
  }

  private static Map<String, String> with(Map<String, String> env, String name, String value) {
    Map<String, String> more = new HashMap<>(env);
    more.put(name, value);
    return more;
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
  void theDashboardIsServedUnlessTurnedOff() {
    assertThat(AppConfig.fromEnv(Map.of()).httpExposure().dashboard()).isTrue();
    assertThat(AppConfig.fromEnv(Map.of("LB_HTTP_DASHBOARD", "off")).httpExposure().dashboard()).isFalse();
    assertRefused(Map.of("LB_HTTP_DASHBOARD", "maybe"), "LB_HTTP_DASHBOARD", "on or off");
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
