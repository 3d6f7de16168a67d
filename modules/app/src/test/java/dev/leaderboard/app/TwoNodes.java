package dev.leaderboard.app;

import dev.leaderboard.api.auth.ApiKeyToken;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two nodes in one Hazelcast cluster (two clustered Vert.x in this JVM) on the shared test Redis and
 * PostgreSQL, with one admin key, the event bus in the clear ({@code LB_CLUSTER_TLS=off}); closing
 * stops both.
 */
final class TwoNodes implements AutoCloseable {
  final LeaderboardApp a;
  final LeaderboardApp b;
  final int portA;
  final int portB;

  private TwoNodes(LeaderboardApp a, LeaderboardApp b, int portA, int portB) {
    this.a = a;
    this.b = b;
    this.portA = portA;
    this.portB = portB;
  }

  /** Starts node A, then node B, with their data under {@code dir}. */
  static TwoNodes start(Path dir) throws Exception {
    Path adminKey = dir.resolve("admin.key");
    Files.writeString(adminKey, ApiKeyToken.generate(new SecureRandom()).value());
    List<Integer> clusterPorts = List.of(MetricsTest.freePort(), MetricsTest.freePort());
    String members = "127.0.0.1:" + clusterPorts.get(0) + ",127.0.0.1:" + clusterPorts.get(1);
    int portA = MetricsTest.freePort();
    int portB = MetricsTest.freePort();
    LeaderboardApp a = LeaderboardApp.start(config(dir.resolve("a"), portA, clusterPorts.get(0), members, adminKey),
        AppRestartTest.CLOCK).await();
    try {
      LeaderboardApp b = LeaderboardApp.start(config(dir.resolve("b"), portB, clusterPorts.get(1), members, adminKey),
          AppRestartTest.CLOCK).await();
      return new TwoNodes(a, b, portA, portB);
    } catch (RuntimeException e) {
      a.stop().await();
      throw e;
    }
  }

  @Override
  public void close() {
    try {
      b.stop().await();
    } finally {
      a.stop().await();
    }
  }

  private static AppConfig config(Path dataDir, int httpPort, int clusterPort, String members, Path adminKey) {
    Map<String, String> env = new HashMap<>();
    env.put("LB_DATA_DIR", dataDir.toString());
    env.put("LB_HTTP_PORT", String.valueOf(httpPort));
    env.put("LB_REDIS_ENDPOINTS", String.join(",", TestShards.endpoints()));
    env.put("LB_PG_URI", TestPostgres.uri());
    env.put("LB_CLUSTER", "on");
    // the certificates are ClusterTlsTest's concern; these nodes show how a plaintext cluster is announced
    env.put("LB_CLUSTER_TLS", "off");
    env.put("LB_CLUSTER_PORT", String.valueOf(clusterPort));
    env.put("LB_CLUSTER_MEMBERS", members);
    env.put("LB_CLUSTER_HOST", "127.0.0.1");
    env.put("LB_ADMIN_KEY_FILE", adminKey.toString());
    return AppConfig.fromEnv(env);
  }
}
