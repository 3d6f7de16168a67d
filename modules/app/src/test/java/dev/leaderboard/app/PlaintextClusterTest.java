package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two clustered nodes whose event bus runs in the clear ({@code LB_CLUSTER_TLS=off}, the only way a
 * clustered node starts without TLS): each says so in its log when it starts, and its readiness
 * shows the warning in the cluster check, which still passes.
 */
@ExtendWith(VertxExtension.class)
class PlaintextClusterTest {

  @Test
  void aPlaintextClusterIsWarnedAboutAtEveryStartAndInReadiness(Vertx vertx, @TempDir Path dir) throws Exception {
    String log;
    TwoNodes nodes;
    try (LogCapture capture = LogCapture.start()) {
      nodes = TwoNodes.start(dir);
      log = capture.text();
    }
    try (nodes) {
      assertThat(log.split(java.util.regex.Pattern.quote(ClusterSetup.PLAINTEXT_WARNING), -1))
          .as("one warning per node started").hasSize(3);
      WebClient admin = AdminClients.of(vertx, nodes.a);
      for (int port : List.of(nodes.portA, nodes.portB)) {
        JsonObject ready = admin.get(port, "localhost", "/health/ready").send().await().bodyAsJsonObject();
        JsonObject cluster = ready.getJsonObject("checks").getJsonObject("cluster");
        assertThat(cluster.getString("status")).as("node on %s: %s", port, ready).isEqualTo("UP");
        assertThat(cluster.getString("warning")).as("node on %s", port).isEqualTo(ClusterSetup.PLAINTEXT_WARNING);
      }
    }
  }
}
