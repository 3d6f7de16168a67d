package dev.leaderboard.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a redis-server from starting empty over a shard's data: before a start, refuses a binary
 * that cannot read the data in the directory (older than the one that wrote it, or 6.x over the
 * {@value #MULTI_PART}/ layout of 7.x, which 6.x does not see and would start empty next to);
 * after it, refuses a server that came up with fewer keys without expiry than its last clean stop
 * left ({@link DataRecord}); at a clean stop, records that count. Keys with an expiry are not
 * counted: they may expire while the node is stopped.
 */
final class RedisData {

  /** Redis up to 6.2: one AOF file. */
  static final String SINGLE_FILE = "appendonly.aof";
  /** Redis 7.0 on: a directory of AOF parts and a manifest; 7.x moves a {@value #SINGLE_FILE} into it. */
  static final String MULTI_PART = "appendonlydir";
  static final String SERVER = "redis-server";
  private static final String COUNTED = "keys without expiry";
  private static final Pattern KEYSPACE = Pattern.compile("^db\\d+:keys=(\\d+),expires=(\\d+)", Pattern.MULTILINE);
  private static final Logger log = LoggerFactory.getLogger(RedisData.class);

  private RedisData() {}

  /**
   * Blocking, before {@code binary} starts on {@code dir}: fails, changing nothing, if it cannot
   * read the data there; answers the count of keys without expiry of the last clean stop, if known.
   */
  static OptionalLong check(String name, Path dir, RedisBinary binary) throws IOException {
    Optional<DataRecord> recorded = DataRecord.read(dir);
    String onDisk = layoutOnDisk(dir);
    Path file = DataRecord.file(dir);
    if (recorded.isPresent() && onDisk == null) {
      throw new IOException(name + ": " + file + " says redis-server " + recorded.get().version() + " wrote data in "
          + dir + ", but neither " + SINGLE_FILE + " nor " + MULTI_PART + "/ is there: the data is gone, and the"
          + " node does not start the shard empty in its place. Restore the directory from a backup; if the data"
          + " was deleted on purpose, delete " + file + " and start again.");
    }
    String writer = recorded.map(r -> "redis-server " + r.version())
        .orElse(MULTI_PART.equals(onDisk) ? "redis-server 7.0 or newer" : "redis-server 6.2 or older");
    String needed = recorded.map(DataRecord::version).orElse("7.0");
    boolean older = recorded.isPresent() && olderRelease(binary.version(), recorded.get().version());
    boolean unreadable = MULTI_PART.equals(onDisk) && binary.major() < 7;
    if (older || unreadable) {
      throw new IOException(name + ": the data in " + dir + " was written by " + writer + " (AOF in " + onDisk
          + (MULTI_PART.equals(onDisk) ? "/" : "") + "), and the redis-server this node would start, " + binary
          + ", cannot read it (" + (unreadable ? "it reads only " + SINGLE_FILE : "an older release") + ") and would"
          + " start empty over it. Nothing was started or changed. Set LB_REDIS_SERVER to the path of a redis-server "
          + needed + " or newer (the one that wrote the data).");
    }
    return recorded.map(DataRecord::count).orElse(OptionalLong.empty());
  }

  /**
   * Blocking, once the server answers: fails if it holds fewer keys without expiry than {@code
   * expected} (the caller stops it); else records {@code binary} as the data's writer, with no count
   * while it runs.
   */
  static void started(String name, Path dir, RedisBinary binary, OptionalLong expected, int port, String password)
      throws IOException {
    Optional<DataRecord> recorded = DataRecord.read(dir);
    if (expected.isPresent()) {
      long keys = keysWithoutExpiry(port, password);
      if (keys < expected.getAsLong()) {
        Path file = DataRecord.file(dir);
        throw new IOException(name + ": " + binary + " came up on " + dir + " with " + keys + " " + COUNTED
            + ", fewer than the " + expected.getAsLong() + " its last clean stop left (" + file + "): data was lost"
            + " or not read, and the node refuses to serve over it (the server is stopped again). Restore the"
            + " directory from a backup; if the data was deleted on purpose, delete " + file + " and start again.");
      }
    }
    if (recorded.isPresent() && !recorded.get().version().equals(binary.version())) {
      log.info("{}: the data in {} was written by redis-server {} and is now kept by {}", name, dir,
          recorded.get().version(), binary);
    }
    new DataRecord(SERVER, binary.version(), binary.layout(), OptionalLong.empty()).write(dir, COUNTED);
  }

  /** Blocking, before a clean stop: records how many keys without expiry the server holds. */
  static void stopping(String name, Path dir, int port, String password) {
    try {
      Optional<DataRecord> recorded = DataRecord.read(dir);
      if (recorded.isPresent()) {
        recorded.get().stoppedWith(keysWithoutExpiry(port, password)).write(dir, COUNTED);
      }
    } catch (IOException e) {
      // the next start then has no count to compare with, as after a crash
      log.warn("{}: could not record its key count before stopping: {}", name, e.getMessage());
    }
  }

  /** {@link #SINGLE_FILE}, {@link #MULTI_PART} or {@code null} (no AOF: an empty directory). */
  static String layoutOnDisk(Path dir) {
    return Files.isDirectory(dir.resolve(MULTI_PART)) ? MULTI_PART
        : Files.exists(dir.resolve(SINGLE_FILE)) ? SINGLE_FILE : null;
  }

  static long keysWithoutExpiry(int port, String password) throws IOException {
    try (RespClient client = new RespClient(LocalProcesses.HOST, port, password)) {
      Matcher m = KEYSPACE.matcher((String) client.call("INFO", "keyspace"));
      long keys = 0;
      while (m.find()) {
        keys += Long.parseLong(m.group(1)) - Long.parseLong(m.group(2));
      }
      return keys;
    }
  }

  /** Whether {@code version} is an older major.minor release than {@code than} (patch releases read each other's data). */
  private static boolean olderRelease(String version, String than) {
    String[] a = version.split("\\.");
    String[] b = than.split("\\.");
    for (int i = 0; i < 2 && i < a.length && i < b.length; i++) {
      int c = Integer.compare(Integer.parseInt(a[i]), Integer.parseInt(b[i]));
      if (c != 0) {
        return c < 0;
      }
    }
    return false;
  }
}
