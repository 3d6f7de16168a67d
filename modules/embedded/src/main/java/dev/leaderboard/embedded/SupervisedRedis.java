package dev.leaderboard.embedded;

import java.io.IOException;
import java.net.BindException;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One supervised redis-server in its own directory (a shard of {@link LocalRedisShards} or a node of
 * {@link LocalRedisCluster}), and the lock on that directory while it runs.
 *
 * @param endpoint {@code redis://:<password>@127.0.0.1:<port>}; holds the password: never log it
 */
record SupervisedRedis(String endpoint, int port, Supervisor supervisor, FileLock lock) {

  private static final Logger log = LoggerFactory.getLogger(SupervisedRedis.class);
  private static final int PORT_ATTEMPTS = 5;

  /**
   * Blocking: the first start looks for a free port; restarts keep it, so that the server's address
   * stays the same. {@code extra} options follow the usual ones on the command line.
   */
  static SupervisedRedis start(Path binary, RedisConfig config, Path dir, String name, RestartListener listener,
      List<String> extra) throws IOException {
    Files.createDirectories(dir);
    FileLock lock = LocalProcesses.lock(dir.resolve("redis.lock"), "the redis data in " + dir);
    try {
      for (int attempt = 1; ; attempt++) {
        int port = LocalProcesses.freePort();
        try {
          Process first = RedisServer.start(name, binary, config, dir, port, extra);
          Supervisor supervisor = Supervisor.watch(name, first,
              () -> RedisServer.start(name, binary, config, dir, port, extra), RedisServer.STOP_TIMEOUT, listener);
          try {
            // restarts keep the port: a backup of the running node finds the shard by it (LocalServers)
            Files.writeString(portFile(dir), port + "\n", StandardCharsets.US_ASCII);
          } catch (IOException e) {
            supervisor.close();
            throw e;
          }
          return new SupervisedRedis("redis://:" + config.password() + "@" + LocalProcesses.HOST + ":" + port, port,
              supervisor, lock);
        } catch (BindException e) {
          if (attempt >= PORT_ATTEMPTS) {
            throw e;
          }
          log.warn("{}: port {} was taken before redis could bind it, retrying", name, port);
        }
      }
    } catch (IOException | RuntimeException e) {
      LocalProcesses.release(lock);
      throw e;
    }
  }

  /** The port the server of {@code dir} listens on while it runs (not a secret). */
  static Path portFile(Path dir) {
    return dir.resolve("redis.port");
  }

  void close() {
    try {
      supervisor.close();
    } finally {
      LocalProcesses.release(lock);
    }
  }
}
