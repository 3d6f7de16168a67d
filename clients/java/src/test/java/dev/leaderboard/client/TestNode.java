package dev.leaderboard.client;

import dev.leaderboard.app.AppConfig;
import dev.leaderboard.app.LeaderboardApp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * A whole leaderboard node in this JVM, with its own embedded Redis shards and PostgreSQL under a
 * data directory, on a fixed port; it can stop and start again on the same port and data.
 */
final class TestNode implements AutoCloseable {
  private final Map<String, String> env;
  private final int port;
  private LeaderboardApp app;

  private TestNode(Map<String, String> env, int port) {
    this.env = env;
    this.port = port;
  }

  /** Starts a node on {@code dataDir} with the {@code LB_*} settings of {@code settings} besides. */
  static TestNode start(Path dataDir, Map<String, String> settings) {
    int port = freePort();
    Map<String, String> env = new HashMap<>(Map.of("LB_DATA_DIR", dataDir.toString(),
        "LB_HTTP_PORT", String.valueOf(port), "LB_LOCAL_SHARDS", "2"));
    env.putAll(settings);
    TestNode node = new TestNode(env, port);
    node.start();
    return node;
  }

  void start() {
    // the rate limiter's buckets refill by this clock: the real one, so that a Retry-After is honest
    app = LeaderboardApp.start(AppConfig.fromEnv(env), Clock.systemUTC()).await();
  }

  void stop() {
    if (app != null) {
      app.stop().await();
      app = null;
    }
  }

  URI uri() {
    return URI.create("http://localhost:" + port);
  }

  /** A client builder holding the node's admin key (written to its data dir on the first start). */
  LeaderboardClient.Builder admin() {
    try {
      return LeaderboardClient.builder(uri())
          .credential(Credential.apiKey(Files.readString(app.adminKeyFile())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    stop();
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
