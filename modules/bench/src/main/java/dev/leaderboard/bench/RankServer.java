package dev.leaderboard.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Node.js baseline: {@code rank-server.js} (the service's paths over the npm library
 * {@code redis-rank} on one sorted set, see {@code src/main/node}) copied out of the jar, its
 * pinned dependencies installed with {@code npm ci}, and run with {@code node} as one process.
 */
final class RankServer implements AutoCloseable {
  private static final List<String> FILES = List.of("package.json", "package-lock.json", "rank-server.js");

  private final Process process;

  private RankServer(Process process) {
    this.process = process;
  }

  /**
   * Installs and starts the server on {@code port}, serving {@code key} of the Redis at
   * {@code endpoint} (a {@code redis://} URL); waits until it listens.
   *
   * @throws IllegalStateException with the reason when npm or node are missing or fail
   */
  static RankServer start(Path dir, int port, String endpoint, String key) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    for (String f : FILES) {
      try (InputStream in = RankServer.class.getResourceAsStream("/node/" + f)) {
        if (in == null) {
          throw new IllegalStateException("node/" + f + " is not on the class path");
        }
        Files.copy(in, dir.resolve(f));
      }
    }
    Process npm = new ProcessBuilder("npm", "ci", "--prefix", dir.toString(), "--no-audit", "--no-fund")
        .redirectErrorStream(true).start();
    String npmOut = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (npm.waitFor() != 0) {
      throw new IllegalStateException("npm ci failed: " + npmOut.strip());
    }
    ProcessBuilder pb = new ProcessBuilder("node", dir.resolve("rank-server.js").toString(), Integer.toString(port), key)
        .redirectErrorStream(true);
    // the endpoint holds the shard's password: given in the environment, not on the command line
    pb.environment().put("REDIS_URL", endpoint);
    Process node = pb.start();
    BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null || !line.startsWith("rank-server listening")) {
      node.destroyForcibly();
      throw new IllegalStateException("node rank-server.js did not start: " + line);
    }
    // keeps reading what it prints, so it never blocks on a full pipe
    Thread drain = new Thread(() -> out.lines().forEach(l -> System.out.println("[rank-server] " + l)));
    drain.setDaemon(true);
    drain.start();
    return new RankServer(node);
  }

  long pid() {
    return process.pid();
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
