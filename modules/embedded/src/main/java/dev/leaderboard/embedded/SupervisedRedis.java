package dev.leaderboard.embedded;

import java.io.IOException;
import java.net.BindException;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One supervised redis-server in its own directory (a shard of {@link LocalRedisShards} or a node of
 * {@code LocalRedisCluster} of the tests), and the lock on that directory while it runs. A start that would not
 * find the directory's data is refused, and a clean stop records how much there was ({@link RedisData}).
 *
 * @param endpoint {@code redis://:<password>@127.0.0.1:<port>}; holds the password: never log it
 * @param password the shards' password, to count the keys at a clean stop; never log it (nor this record)
 */
record SupervisedRedis(String name, Path dir, String endpoint, int port, String password, Supervisor supervisor,
    FileLock lock) {

  private static final Logger log = LoggerFactory.getLogger(SupervisedRedis.class);
  private static final int PORT_ATTEMPTS = 5;

  /**
   * Blocking: the first start looks for a free port; restarts keep it, so that the server's address
   * stays the same. {@code extra} options follow the usual ones on the command line.
   */
  static SupervisedRedis start(RedisBinary binary, RedisConfig config, Path dir, String name,
      RestartListener listener, List<String> extra) throws IOException {
    Files.createDirectories(dir);
    FileLock lock = LocalProcesses.lock(dir.resolve("redis.lock"), "the redis data in " + dir);
    try {
      OptionalLong lastStop = RedisData.check(name, dir, binary);
      for (int attempt = 1; ; attempt++) {
        int port = LocalProcesses.freePort();
        try {
          Process first = RedisServer.start(name, binary.path(), config, dir, port, extra);
          try {
            RedisData.started(name, dir, binary, lastStop, port, config.password());
          } catch (IOException | RuntimeException e) {
            ProcessGuard.stop(first, RedisServer.STOP_TIMEOUT);
            throw e;
          }
          Supervisor supervisor = Supervisor.watch(name, first,
              () -> RedisServer.start(name, binary.path(), config, dir, port, extra), RedisServer.STOP_TIMEOUT,
              listener);
          try {
            // restarts keep the port: a backup of the running node finds the shard by it (LocalServers)
            Files.writeString(portFile(dir), port + "\n", StandardCharsets.US_ASCII);
          } catch (IOException e) {
            supervisor.close();
            throw e;
          }
          return new SupervisedRedis(name, dir, "redis://:" + config.password() + "@" + LocalProcesses.HOST + ":" + port,
              port, config.password(), supervisor, lock);
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

  /** Records the key count (if the server runs), then stops it; see {@link RedisData#stopping}. */
  void close() {
    try {
      if (supervisor.process().isAlive()) {
        RedisData.stopping(name, dir, port, password);
      }
      supervisor.close();
    } finally {
      LocalProcesses.release(lock);
    }
  }
}
