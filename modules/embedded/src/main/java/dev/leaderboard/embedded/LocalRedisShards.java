package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs local {@code redis-server} processes ({@link RedisBinary}), one per shard, each with its own AOF
 * under {@code dataDir/redis-<i>/}, so a restart finds its data; a start that would not find it (a
 * binary that cannot read it, fewer keys than the last clean stop left) is refused ({@link RedisData}). They share one owner-only password and
 * refuse the commands {@link RedisConfig} lists; each is supervised ({@link Supervisor}), none
 * outlives the JVM ({@link ProcessGuard}), and a start first stops one left running in its directory.
 */
public final class LocalRedisShards implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalRedisShards.class);

  private final RedisBinary binary;
  private final List<SupervisedRedis> shards;
  private final AtomicBoolean closed = new AtomicBoolean();

  private LocalRedisShards(RedisBinary binary, List<SupervisedRedis> shards) {
    this.binary = binary;
    this.shards = List.copyOf(shards);
  }

  /** Blocking: starts {@code count} redis-server processes; call from main or a worker thread, never an event loop. */
  public static LocalRedisShards start(Path dataDir, int count) throws IOException {
    return start(dataDir, count, RestartListener.NONE);
  }

  /** As {@link #start(Path, int)}; {@code listener} hears of shard {@code i} as {@code redis-<i>}. */
  public static LocalRedisShards start(Path dataDir, int count, RestartListener listener) throws IOException {
    return start(dataDir, count, null, listener);
  }

  /**
   * As {@link #start(Path, int, RestartListener)} with the redis-server at {@code server}
   * ({@code LB_REDIS_SERVER}); {@code null} picks one as {@link RedisBinary} says.
   */
  public static LocalRedisShards start(Path dataDir, int count, Path server, RestartListener listener)
      throws IOException {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, was " + count);
    }
    Path root = dataDir.toAbsolutePath();
    Files.createDirectories(root);
    RedisBinary binary = RedisBinary.locate(root, server);
    log.info("local redis shards run {}", binary);
    RedisConfig config = RedisConfig.write(root);
    List<SupervisedRedis> shards = new ArrayList<>();
    try {
      for (int i = 0; i < count; i++) {
        shards.add(SupervisedRedis.start(binary, config, root.resolve("redis-" + i), "redis-" + i, listener, List.of()));
      }
    } catch (IOException | RuntimeException e) {
      shards.forEach(SupervisedRedis::close);
      throw e;
    }
    return new LocalRedisShards(binary, shards);
  }

  /** {@code redis://:<password>@127.0.0.1:<port>}; index i is shard i. Holds the password: never log it. */
  public List<String> endpoints() {
    return shards.stream().map(SupervisedRedis::endpoint).toList();
  }

  /** Shard {@code i}'s port on 127.0.0.1. */
  public int port(int i) {
    return shards.get(i).port();
  }

  /** The redis-server executable in use. */
  public Path binary() {
    return binary.path();
  }

  /** The redis-server in use: its path, version and how it was chosen. */
  public RedisBinary server() {
    return binary;
  }

  /** Package-private for tests: the running processes, index i is shard i. */
  List<ProcessHandle> processes() {
    return shards.stream().map(s -> s.supervisor().process().toHandle()).toList();
  }

  /**
   * For fault tests: kills shard {@code i}'s redis-server with SIGKILL, as a crash would (it keeps what
   * it had written to its AOF), and keeps it down until {@link #restart(int)}. Blocking: returns once
   * the process has exited.
   */
  public void kill(int i) throws IOException {
    shards.get(i).supervisor().killAndHold();
  }

  /** Blocking: starts shard {@code i}, stopped by {@link #kill(int)}, on its port with its AOF; returns once it answers. */
  public void restart(int i) throws IOException {
    shards.get(i).supervisor().revive();
  }

  /**
   * For fault tests: stops shard {@code i}'s redis-server with SIGSTOP. It keeps its connections
   * open and answers nothing, as a hung process or a network that drops packets would, until
   * {@link #thaw(int)}; what was sent to it meanwhile is read and run then.
   */
  public void freeze(int i) throws IOException {
    shards.get(i).supervisor().signal("STOP");
  }

  /** Resumes shard {@code i} after {@link #freeze(int)} (SIGCONT). */
  public void thaw(int i) throws IOException {
    shards.get(i).supervisor().signal("CONT");
  }

  /** Stops every shard and waits (bounded) for it to exit; idempotent and safe from a shutdown hook. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      shards.forEach(SupervisedRedis::close);
    }
  }
}
