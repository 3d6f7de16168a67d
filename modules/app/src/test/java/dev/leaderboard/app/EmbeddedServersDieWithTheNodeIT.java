package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.TestProcesses;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node (the fat jar) with embedded servers, killed with SIGKILL, so that no shutdown hook runs:
 * none of its redis-server shards, PostgreSQL processes or their watchdogs outlives it.
 */
class EmbeddedServersDieWithTheNodeIT {
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void aNodeKilledWithSigkillLeavesNoServerRunning(@TempDir Path dataDir) throws Exception {
    int httpPort = MetricsTest.freePort();
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-jar", System.getProperty("leaderboard.jar"));
    pb.environment().keySet().removeIf(k -> k.startsWith("LB_"));
    pb.environment().put("LB_DATA_DIR", dataDir.toString());
    pb.environment().put("LB_HTTP_PORT", String.valueOf(httpPort));
    pb.environment().put("LB_LOCAL_SHARDS", "2");
    pb.redirectErrorStream(true).redirectOutput(dataDir.resolve("node.log").toFile());
    Process node = pb.start();
    List<ProcessHandle> watched = new ArrayList<>();
    try {
      Await.until("the node ready (see " + dataDir.resolve("node.log") + ")", Duration.ofMinutes(3),
          () -> ready(httpPort));
      // the servers and PostgreSQL's own processes descend from the node; the watchdogs do not
      List<ProcessHandle> servers = node.children().toList();
      watched.addAll(node.descendants().toList());
      servers.forEach(server -> TestProcesses.watchdogOf(server).ifPresent(watched::add));
      List<String> commands = watched.stream().map(TestProcesses::commandLine).toList();
      assertThat(commands.stream().filter(c -> c.contains("redis-server"))).as("%s", commands).hasSize(2);
      assertThat(commands.stream().filter(c -> c.contains("/bin/postgres -D"))).as("%s", commands).hasSize(1);
      assertThat(commands.stream().filter(c -> c.contains(" watchdog "))).as("%s", commands).hasSize(3);

      node.destroyForcibly();
      assertThat(node.waitFor(30, TimeUnit.SECONDS)).isTrue();
      Await.until("every server of the killed node gone", Duration.ofSeconds(60),
          () -> watched.stream().noneMatch(TestProcesses::running));
      assertThat(TestProcesses.mentioning(dataDir.toString())).isEmpty();
    } finally {
      node.destroyForcibly();
      watched.forEach(ProcessHandle::destroyForcibly);
    }
  }

  private static boolean ready(int port) {
    try {
      return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
          .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
