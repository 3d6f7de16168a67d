package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The embedded servers of one data directory ({@code redis-<i>/} per shard, {@code postgres/}) as a
 * backup sees them: those of the node running on it, found by their locks, ports and password
 * files; or, when no node runs there, started here for the backup and stopped by {@link #close}.
 * A directory whose servers run in part is refused (a node starting or stopping, or a crash).
 */
public final class LocalServers implements AutoCloseable {

  private final Path root;
  private final List<Integer> redisPorts;
  private final String redisPassword;
  private final int postgresPort;
  private final String postgresPassword;
  private final AutoCloseable started;

  private LocalServers(Path root, List<Integer> redisPorts, String redisPassword, int postgresPort,
      String postgresPassword, AutoCloseable started) {
    this.root = root;
    this.redisPorts = List.copyOf(redisPorts);
    this.redisPassword = redisPassword;
    this.postgresPort = postgresPort;
    this.postgresPassword = postgresPassword;
    this.started = started;
  }

  /** Blocking: the servers of {@code dataDir}, running already or started now. */
  public static LocalServers open(Path dataDir) throws IOException {
    Path root = dataDir.toAbsolutePath();
    int shards = shardCount(root);
    if (shards == 0 || !Files.isDirectory(root.resolve("postgres"))) {
      throw new IOException(root + " is not a data directory of embedded servers (it needs redis-0/ and postgres/)");
    }
    int inUse = locked(root, shards);
    if (inUse == 0) {
      return start(root, shards);
    }
    if (inUse < shards + 1) {
      throw new IOException("only some of the servers of " + root + " run (" + inUse + " of " + (shards + 1)
          + "): wait until the node has started or stopped");
    }
    List<Integer> ports = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      ports.add(readPort(SupervisedRedis.portFile(root.resolve("redis-" + i))));
    }
    return new LocalServers(root, ports, password(root.resolve("redis.password")),
        postgresPort(root.resolve("postgres")), password(root.resolve("postgres.password")), null);
  }

  private static LocalServers start(Path root, int shards) throws IOException {
    LocalRedisShards redis = LocalRedisShards.start(root, shards);
    try {
      LocalPostgres postgres = LocalPostgres.start(root);
      return new LocalServers(root, IntStream.range(0, shards).mapToObj(redis::port).toList(), password(root.resolve("redis.password")), postgres.port(),
          password(root.resolve("postgres.password")), () -> {
            postgres.close();
            redis.close();
          });
    } catch (IOException | RuntimeException e) {
      redis.close();
      throw e;
    }
  }

  /**
   * Whether a server runs on {@code dataDir}, or some other process holds one of its directories'
   * locks (a node, a backup, a restore).
   */
  public static boolean inUse(Path dataDir) throws IOException {
    Path root = dataDir.toAbsolutePath();
    return locked(root, shardCount(root)) > 0;
  }

  /** How many shards {@code root} holds: {@code redis-0/}, {@code redis-1/}, … without a gap. */
  public static int shardCount(Path root) {
    int n = 0;
    while (Files.isDirectory(root.resolve("redis-" + n))) {
      n++;
    }
    return n;
  }

  /** Whether this process started the servers (no node ran on the directory). */
  public boolean startedHere() {
    return started != null;
  }

  public int shards() {
    return redisPorts.size();
  }

  /**
   * Blocking: a snapshot of shard {@code i} taken after this call began ({@code BGSAVE}, see
   * {@link RedisSnapshots}), as an RDB file at {@code target}.
   */
  public void snapshot(int i, Path target, Duration timeout) throws IOException {
    RedisSnapshots.save(redisPorts.get(i), redisPassword, root.resolve("redis-" + i), target, timeout);
  }

  /** The PostgreSQL for JDBC; holds the password: never log it. */
  public String postgresJdbcUrl() {
    return LocalPostgres.jdbcUrl(postgresPort, postgresPassword);
  }

  /** Stops the servers if they were started here; leaves a node's alone. */
  @Override
  public void close() throws Exception {
    if (started != null) {
      started.close();
    }
  }

  /** How many of the locks of {@code root}'s servers (each shard's, then PostgreSQL's) another holds. */
  private static int locked(Path root, int shards) throws IOException {
    int locked = 0;
    for (int i = 0; i < shards; i++) {
      locked += locked(root.resolve("redis-" + i).resolve("redis.lock")) ? 1 : 0;
    }
    return locked + (locked(root.resolve("postgres.lock")) ? 1 : 0);
  }

  /** Whether another holds the lock (this JVM included); false when there is no lock file. */
  private static boolean locked(Path file) throws IOException {
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.WRITE);
    } catch (NoSuchFileException e) {
      return false;
    }
    try (channel) {
      FileLock lock = channel.tryLock();
      return lock == null;
    } catch (OverlappingFileLockException e) {
      return true;
    }
  }

  private static int readPort(Path file) throws IOException {
    try {
      return Integer.parseInt(Files.readString(file, StandardCharsets.US_ASCII).strip());
    } catch (NoSuchFileException | NumberFormatException e) {
      throw new IOException("the running shard's port is not in " + file + " (a node of an older version?): stop"
          + " the node and run the backup again", e);
    }
  }

  /** postmaster.pid: line 4 is the port. */
  private static int postgresPort(Path pgData) throws IOException {
    List<String> lines = Files.readAllLines(pgData.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
    if (lines.size() < 4) {
      throw new IOException(pgData.resolve("postmaster.pid") + " does not name the server's port yet");
    }
    return Integer.parseInt(lines.get(3).strip());
  }

  private static String password(Path file) throws IOException {
    return LocalSecret.read(file).orElseThrow(() -> new IOException(file + " is missing"));
  }
}
