package dev.leaderboard.clients.typescript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.leaderboard.app.AppConfig;
import dev.leaderboard.app.LeaderboardApp;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.TestPostgres;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the TypeScript client's own tests ({@code npm ci}, {@code npm test}) against real nodes started
 * here: a node on two embedded Redis shards that takes player tokens (HS256), which the tests may stop and start again on the same
 * data (through a control URL), and a node on a Redis Cluster with a replica per master whose
 * replicas the tests may freeze (so a submit is applied but answered 503 {@code write_unconfirmed}),
 * with a submit rate of one a second. Without node and npm the test is skipped, unless {@code CI} is
 * set: then it fails.
 */
class TypeScriptClientTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-15T12:00:00Z"), ZoneOffset.UTC);
  private static final Path PACKAGE = Path.of("").toAbsolutePath();

  private AppConfig plainConfig;
  private volatile LeaderboardApp plain;
  private LocalRedisCluster cluster;

  @Test
  void theClientsTestsPassAgainstRealNodes(@TempDir Path dir) throws Exception {
    toolsPresent();
    String pg = TestPostgres.uri();
    String jwtSecret = "player-token-secret-of-the-client-tests";
    Path jwtSecretFile = Files.writeString(dir.resolve("jwt.secret"), jwtSecret);
    plainConfig = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("plain").toString(),
        "LB_HTTP_PORT", String.valueOf(freePort()), "LB_LOCAL_SHARDS", "2", "LB_PG_URI", pg,
        "LB_JWT_HS256_SECRET_FILE", jwtSecretFile.toString()));
    plain = LeaderboardApp.start(plainConfig, CLOCK).await(60, TimeUnit.SECONDS);
    HttpServer control = null;
    LeaderboardApp replicated = null;
    try (LocalRedisCluster c = LocalRedisCluster.start(dir.resolve("cluster"), 2, 1, Duration.ofSeconds(5))) {
      cluster = c;
      AppConfig replicatedConfig = AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.resolve("replicated").toString(),
          "LB_HTTP_PORT", String.valueOf(freePort()), "LB_REDIS_MODE", "cluster",
          "LB_REDIS_ENDPOINTS", cluster.seeds().get(0), "LB_PG_URI", pg,
          "LB_REDIS_WAIT_REPLICAS", "1", "LB_REDIS_WAIT_MS", "300", "LB_RATE_SUBMIT", "1/s,burst=1"));
      replicated = LeaderboardApp.start(replicatedConfig, CLOCK).await(60, TimeUnit.SECONDS);
      control = controlServer();

      Map<String, String> env = new HashMap<>();
      env.put("LB_URL", "http://localhost:" + plainConfig.httpPort());
      env.put("LB_ADMIN_KEY", Files.readString(plain.adminKeyFile()).strip());
      env.put("LB_JWT_SECRET", jwtSecret);
      env.put("LB_REPLICATED_URL", "http://localhost:" + replicatedConfig.httpPort());
      env.put("LB_REPLICATED_ADMIN_KEY", Files.readString(replicated.adminKeyFile()).strip());
      env.put("LB_CONTROL_URL", "http://localhost:" + control.getAddress().getPort());
      run(dir, env, "npm", "ci", "--no-audit", "--no-fund");
      run(dir, env, "npm", "test");
    } finally {
      if (control != null) {
        control.stop(0);
      }
      if (replicated != null) {
        replicated.stop().await(60, TimeUnit.SECONDS);
      }
      if (plain != null) {
        plain.stop().await(60, TimeUnit.SECONDS);
      }
    }
  }

  /** node and npm on the PATH; their absence skips the test, or fails it when {@code CI} is set. */
  private static void toolsPresent() {
    List<String> missing = new ArrayList<>();
    for (String tool : List.of("node", "npm")) {
      try {
        Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        if (p.waitFor() != 0) {
          missing.add(tool);
        }
      } catch (IOException | InterruptedException e) {
        missing.add(tool);
      }
    }
    String message = "the TypeScript client's tests need " + String.join(" and ", missing)
        + " (Node.js 18+ with npm) on the PATH";
    if (!missing.isEmpty() && System.getenv("CI") != null) {
      throw new AssertionError(message + "; CI is set, so this fails instead of being skipped");
    }
    assumeTrue(missing.isEmpty(), message + "; skipped");
  }

  /**
   * What the tests may do to the nodes: {@code POST /restart} stops the plain node and starts it again
   * on the same port and data; {@code POST /freeze} and {@code /thaw} stop and resume the cluster's replicas.
   */
  private HttpServer controlServer() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    server.createContext("/restart", ex -> answer(ex, () -> {
      plain.stop().await(60, TimeUnit.SECONDS);
      plain = LeaderboardApp.start(plainConfig, CLOCK).await(60, TimeUnit.SECONDS);
    }));
    server.createContext("/freeze", ex -> answer(ex, () -> {
      for (int replica : replicas()) {
        cluster.freeze(replica);
      }
    }));
    server.createContext("/thaw", ex -> answer(ex, () -> {
      for (int replica : replicas()) {
        cluster.thaw(replica);
      }
    }));
    server.start();
    return server;
  }

  private List<Integer> replicas() throws IOException {
    List<Integer> replicas = new ArrayList<>();
    for (int master = 0; master < 2; master++) {
      replicas.addAll(cluster.replicasOf(master));
    }
    return replicas;
  }

  private interface Action {
    void run() throws Exception;
  }

  private static void answer(HttpExchange ex, Action action) throws IOException {
    int status = 204;
    byte[] body = new byte[0];
    try {
      action.run();
    } catch (Exception e) {
      status = 500;
      body = String.valueOf(e).getBytes(StandardCharsets.UTF_8);
    }
    ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      ex.getResponseBody().write(body);
    }
    ex.close();
  }

  /** Runs a command in the package directory; its output goes to a log that is printed, and it must exit 0. */
  private static void run(Path dir, Map<String, String> env, String... command) throws Exception {
    Path log = dir.resolve(command[1] + ".log");
    ProcessBuilder builder = new ProcessBuilder(command).directory(PACKAGE.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    boolean ended = process.waitFor(10, TimeUnit.MINUTES);
    if (!ended) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    String output = Files.readString(log);
    System.out.println("$ " + String.join(" ", command) + "\n" + output);
    assertThat(ended).as("%s ended within 10 minutes", String.join(" ", command)).isTrue();
    assertThat(process.exitValue()).as("%s exit status (its output is above)", String.join(" ", command)).isZero();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
