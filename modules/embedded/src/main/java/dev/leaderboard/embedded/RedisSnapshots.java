package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A local shard's data as one RDB file and back. A snapshot is {@code BGSAVE}: Redis forks and the
 * child writes the data as it was at the fork, one instant, while the shard goes on serving; the
 * node's AOF is untouched. A restore turns an RDB into the AOF a shard starts from: a redis-server of
 * the restore's own loads the RDB with the AOF off and rewrites it into the AOF
 * ({@code BGREWRITEAOF}), which is how Redis itself writes an AOF from memory, whatever its version's
 * AOF layout; then the shards are started as a node starts them and must hold as many keys.
 */
public final class RedisSnapshots {

  private static final String RDB = "dump.rdb";
  private static final long POLL_MILLIS = 50;

  private RedisSnapshots() {}

  /**
   * Blocking: a snapshot of the shard on {@code port} (data in {@code shardDir}) taken after this call
   * began, copied to {@code target}. A save already running began earlier, so it is waited out and
   * another one taken. Completion is {@code LASTSAVE} moving past the second it named before the
   * {@code BGSAVE}, which is why the save is only asked for once the shard's clock is past that second.
   */
  static void save(int port, String password, Path shardDir, Path target, Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    try (RespClient redis = new RespClient(LocalProcesses.HOST, port, password)) {
      long before;
      while (true) {
        awaitPersistence(redis, "rdb_bgsave_in_progress", deadline, "an earlier save to finish");
        before = (Long) redis.call("LASTSAVE");
        while (serverSeconds(redis) <= before) {
          pause(deadline, "the shard's clock to pass its last save");
        }
        try {
          redis.call("BGSAVE", "SCHEDULE");
          break;
        } catch (RespClient.ErrorReply e) {
          if (!e.getMessage().contains("in progress")) {
            throw e;
          }
        }
      }
      while ((Long) redis.call("LASTSAVE") <= before || !"0".equals(info(redis, "rdb_bgsave_in_progress"))) {
        pause(deadline, "the snapshot of " + shardDir);
      }
      if (!"ok".equals(info(redis, "rdb_last_bgsave_status"))) {
        throw new IOException("the snapshot of " + shardDir + " failed; see " + shardDir.resolve("redis.log"));
      }
    }
    Path rdb = shardDir.resolve(RDB);
    Files.copy(rdb, target);
    // the node never reads it (its data is the AOF): a second copy of the data has no business there
    Files.deleteIfExists(rdb);
  }

  /**
   * Blocking: makes {@code dataDir} hold the shards of {@code rdbs} (file i is shard i) as the node's
   * AOF; answers how many keys each holds, counted once more on the shards started as a node starts
   * them. {@code dataDir} must hold no shard yet.
   */
  public static List<Long> restore(Path dataDir, List<Path> rdbs, Duration timeout) throws IOException {
    Path root = dataDir.toAbsolutePath();
    Files.createDirectories(root);
    Path binary = RedisBinary.locate(root, null).path();
    RedisConfig config = RedisConfig.write(root);
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < rdbs.size(); i++) {
      keys.add(load(binary, config, root.resolve("redis-" + i), "redis-" + i, rdbs.get(i), timeout));
    }
    try (LocalRedisShards shards = LocalRedisShards.start(root, rdbs.size())) {
      for (int i = 0; i < rdbs.size(); i++) {
        long found;
        try (RespClient redis = new RespClient(LocalProcesses.HOST, shards.port(i), config.password())) {
          found = (Long) redis.call("DBSIZE");
        }
        if (found != keys.get(i)) {
          throw new IOException("redis-" + i + " started from its restored AOF with " + found + " keys, its snapshot"
              + " held " + keys.get(i));
        }
      }
    }
    return keys;
  }

  /** One shard: the RDB loaded by a server of its own with the AOF off, rewritten into the AOF, stopped. */
  private static long load(Path binary, RedisConfig config, Path dir, String name, Path rdb, Duration timeout)
      throws IOException {
    Files.createDirectories(dir);
    if (Files.exists(dir.resolve("appendonly.aof")) || Files.exists(dir.resolve("appendonlydir"))) {
      throw new IOException(dir + " holds a shard's data already");
    }
    FileLock lock = LocalProcesses.lock(dir.resolve("redis.lock"), "the redis data in " + dir);
    try {
      Files.copy(rdb, dir.resolve(RDB));
      long deadline = System.nanoTime() + timeout.toNanos();
      int port = LocalProcesses.freePort();
      Process server = RedisServer.start(name + " (restore)", binary, config, dir, port, List.of("--appendonly", "no"));
      long keys;
      try (RespClient redis = new RespClient(LocalProcesses.HOST, port, config.password())) {
        keys = (Long) redis.call("DBSIZE");
        redis.call("BGREWRITEAOF");
        awaitPersistence(redis, "aof_rewrite_in_progress", deadline, "the AOF of " + dir);
        awaitPersistence(redis, "aof_rewrite_scheduled", deadline, "the AOF of " + dir);
        if (!"ok".equals(info(redis, "aof_last_bgrewrite_status"))) {
          throw new IOException("writing the AOF of " + dir + " failed; see " + dir.resolve("redis.log"));
        }
      } finally {
        ProcessGuard.stop(server, RedisServer.STOP_TIMEOUT);
      }
      Files.delete(dir.resolve(RDB));
      return keys;
    } finally {
      LocalProcesses.release(lock);
    }
  }

  /** Waits until the {@code INFO persistence} field {@code flag} is 0. */
  private static void awaitPersistence(RespClient redis, String flag, long deadline, String what) throws IOException {
    while (!"0".equals(info(redis, flag))) {
      pause(deadline, what);
    }
  }

  /** The value of {@code field} in {@code INFO persistence}, or null. */
  private static String info(RespClient redis, String field) throws IOException {
    String text = (String) redis.call("INFO", "persistence");
    for (String line : text.split("\r\n")) {
      if (line.startsWith(field + ":")) {
        return line.substring(field.length() + 1).strip();
      }
    }
    return null;
  }

  private static long serverSeconds(RespClient redis) throws IOException {
    return Long.parseLong((String) ((List<?>) redis.call("TIME")).get(0));
  }

  private static void pause(long deadline, String what) throws IOException {
    if (System.nanoTime() > deadline) {
      throw new IOException("gave up waiting for " + what);
    }
    LocalProcesses.pause(POLL_MILLIS, what);
  }
}
