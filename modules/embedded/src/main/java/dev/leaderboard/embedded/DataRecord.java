package dev.leaderboard.embedded;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * The small file {@value #FILE} in an embedded store's data directory: which server and version
 * wrote the data, in which persistence layout, and, after a clean stop, how much data it held then
 * ({@code count}: keys without expiry of a Redis shard, archived rows of PostgreSQL). The node reads
 * it before a start and refuses one that would not read the data or would come up with less
 * ({@link RedisData}, {@link PostgresData}). Deleting it (after deleting data on purpose) makes the
 * next start accept the directory as it finds it.
 *
 * @param count absent while the server runs and after a crash: then nothing is known to compare with
 */
record DataRecord(String server, String version, String layout, OptionalLong count) {

  static final String FILE = "data-record.properties";

  static Path file(Path dir) {
    return dir.resolve(FILE);
  }

  /** The record in {@code dir}, if there is one; one that cannot be read is an error, not a missing record. */
  static Optional<DataRecord> read(Path dir) throws IOException {
    Path file = file(dir);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(in);
    }
    String server = p.getProperty("server");
    String version = p.getProperty("version");
    String layout = p.getProperty("layout");
    String count = p.getProperty("count");
    if (server == null || layout == null || version == null || !version.matches("\\d+(\\.\\d+)*")) {
      throw new IOException(file + " lacks server, layout or a version like 7.0.15: restore it, or delete it to"
          + " have the node record the directory as it finds it at the next start");
    }
    try {
      return Optional.of(new DataRecord(server, version, layout,
          count == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(count.trim()))));
    } catch (NumberFormatException e) {
      throw new IOException(file + ": count is not a number (" + count + ")", e);
    }
  }

  /** The same record after a clean stop that left {@code n} of the store's units. */
  DataRecord stoppedWith(long n) {
    return new DataRecord(server, version, layout, OptionalLong.of(n));
  }

  /** Writes the record atomically (temp file, rename), so a crash leaves the old one or the new one. */
  void write(Path dir, String countMeans) throws IOException {
    StringBuilder text = new StringBuilder()
        .append("# What wrote this data directory; the leaderboard node checks it at every start.\n")
        .append("server=").append(server).append('\n')
        .append("version=").append(version).append('\n')
        .append("layout=").append(layout).append('\n');
    if (count.isPresent()) {
      text.append("# ").append(countMeans).append(" at the last clean stop\n")
          .append("count=").append(count.getAsLong()).append('\n');
    }
    Path tmp = dir.resolve(FILE + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, file(dir), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }
}
