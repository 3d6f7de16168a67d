package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard's data directory across binaries and stops: what it records, the upgrade from 6.2 to
 * 7.x, and the starts it refuses (with real servers, and nothing in the directory changed).
 */
class RedisDataDirectoryTest {

  @Test
  void dataOfTheShipped62IsUpgradedBy7AndRecordedSo(@TempDir Path dir) throws IOException {
    Path shard = dir.resolve("redis-0");
    try (LocalRedisShards six = start(dir, TestRedisBinaries.shipped(dir))) {
      assertThat(six.server().version()).startsWith("6.2.");
      write(six, "a", "b", "c");
      assertThat(LocalRedisShardsTest.call(six.endpoints().get(0), "SET expiring x EX 3600")).isEqualTo("OK");
      assertThat(DataRecord.read(shard)).contains(new DataRecord("redis-server", six.server().version(),
          "appendonly.aof", OptionalLong.empty()));
    }
    DataRecord stopped = DataRecord.read(shard).orElseThrow();
    assertThat(stopped.count()).as("keys without expiry at the clean stop").hasValue(3);
    assertThat(stopped.layout()).isEqualTo("appendonly.aof");

    try (LocalRedisShards seven = start(dir, TestRedisBinaries.seven())) {
      assertThat(read(seven, "a", "b", "c")).containsExactly("a", "b", "c");
      assertThat(shard.resolve("appendonlydir")).isDirectory();
      assertThat(DataRecord.read(shard)).contains(new DataRecord("redis-server", seven.server().version(),
          "appendonlydir", OptionalLong.empty()));
    }
    assertThat(DataRecord.read(shard).orElseThrow().count()).hasValue(3);
  }

  @Test
  void dataOf7IsRefusedByTheShipped62NamingBothVersions(@TempDir Path dir) throws IOException {
    Path shard = dir.resolve("redis-0");
    String sevenVersion;
    try (LocalRedisShards seven = start(dir, TestRedisBinaries.seven())) {
      sevenVersion = seven.server().version();
      write(seven, "a", "b");
    }
    Path shipped = TestRedisBinaries.shipped(dir);
    String shippedVersion = RedisBinary.shipped(dir).version();
    Map<String, String> before = files(shard);
    assertThatThrownBy(() -> start(dir, shipped)).isInstanceOf(IOException.class)
        .hasMessageContaining("written by redis-server " + sevenVersion)
        .hasMessageContaining("redis-server " + shippedVersion + " at " + shipped)
        .hasMessageContaining("Nothing was started or changed")
        .hasMessageContaining("Set LB_REDIS_SERVER to the path of a redis-server " + sevenVersion + " or newer");
    assertThat(files(shard)).isEqualTo(before);
    assertThat(shard.resolve("appendonly.aof")).doesNotExist();

    // written before the node kept records: the layout alone tells 7.x data
    Files.delete(DataRecord.file(shard));
    before = files(shard);
    assertThatThrownBy(() -> start(dir, shipped)).isInstanceOf(IOException.class)
        .hasMessageContaining("written by redis-server 7.0 or newer (AOF in appendonlydir/)")
        .hasMessageContaining("it reads only appendonly.aof")
        .hasMessageContaining("redis-server " + shippedVersion);
    assertThat(files(shard)).isEqualTo(before);

    try (LocalRedisShards seven = start(dir, TestRedisBinaries.seven())) {
      assertThat(read(seven, "a", "b")).containsExactly("a", "b");
    }
  }

  @Test
  void dataRecordedByANewerReleaseIsRefusedWhateverItsLayout(@TempDir Path dir) throws IOException {
    Path shard = dir.resolve("redis-0");
    RedisBinary binary;
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 1)) {
      binary = shards.server();
      write(shards, "a");
    }
    DataRecord recorded = DataRecord.read(shard).orElseThrow();
    // as if a later release had written it (same layout)
    new DataRecord(recorded.server(), binary.major() + ".99.0", recorded.layout(), recorded.count())
        .write(shard, "keys without expiry");
    Map<String, String> before = files(shard);
    assertThatThrownBy(() -> LocalRedisShards.start(dir, 1)).isInstanceOf(IOException.class)
        .hasMessageContaining("written by redis-server " + binary.major() + ".99.0")
        .hasMessageContaining(binary + ", cannot read it (an older release)")
        .hasMessageContaining("a redis-server " + binary.major() + ".99.0 or newer");
    assertThat(files(shard)).isEqualTo(before);
  }

  @Test
  void aShardWithFewerKeysThanItsLastCleanStopIsRefusedUntilItsRecordIsDeleted(@TempDir Path dir) throws IOException {
    Path shard = dir.resolve("redis-0");
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 1)) {
      write(shards, "a", "b", "c");
    }
    // the shard's AOF replaced by that of an empty shard of the same binary: its data is lost
    Path empty = dir.resolve("empty");
    try (LocalRedisShards other = LocalRedisShards.start(empty, 1)) {
      assertThat(other.endpoints()).hasSize(1);
    }
    for (String aof : new String[] {"appendonly.aof", "appendonlydir"}) {
      TestServers.deleteRecursively(shard.resolve(aof));
      if (Files.exists(empty.resolve("redis-0").resolve(aof))) {
        copy(empty.resolve("redis-0").resolve(aof), shard.resolve(aof));
      }
    }
    Map<String, String> before = files(shard);
    assertThatThrownBy(() -> LocalRedisShards.start(dir, 1)).isInstanceOf(IOException.class)
        .hasMessageContaining("with 0 keys without expiry, fewer than the 3 its last clean stop left")
        .hasMessageContaining("refuses to serve")
        .hasMessageContaining("delete " + DataRecord.file(shard));
    assertThat(files(shard)).isEqualTo(before);
    Optional<Long> pid = LocalProcesses.readPid(shard.resolve("redis.pid"));
    assertThat(pid.flatMap(ProcessHandle::of).filter(TestProcesses::running)).as("the refused server").isEmpty();

    Files.delete(DataRecord.file(shard));
    try (LocalRedisShards accepted = LocalRedisShards.start(dir, 1)) {
      assertThat(read(accepted, "a")).isEmpty();
    }
    assertThat(DataRecord.read(shard).orElseThrow().count()).hasValue(0);
  }

  @Test
  void aRecordWithoutItsDataIsRefusedAndNothingIsCreated(@TempDir Path dir) throws IOException {
    Path shard = dir.resolve("redis-0");
    try (LocalRedisShards shards = LocalRedisShards.start(dir, 1)) {
      write(shards, "a");
    }
    TestServers.deleteRecursively(shard.resolve("appendonly.aof"));
    TestServers.deleteRecursively(shard.resolve("appendonlydir"));
    assertThatThrownBy(() -> LocalRedisShards.start(dir, 1)).isInstanceOf(IOException.class)
        .hasMessageContaining("neither appendonly.aof nor appendonlydir/ is there: the data is gone")
        .hasMessageContaining("delete " + DataRecord.file(shard));
    assertThat(RedisData.layoutOnDisk(shard)).isNull();
  }

  private static LocalRedisShards start(Path dir, Path binary) throws IOException {
    return LocalRedisShards.start(dir, 1, binary, RestartListener.NONE);
  }

  private static void write(LocalRedisShards shards, String... keys) throws IOException {
    for (String key : keys) {
      assertThat(LocalRedisShardsTest.call(shards.endpoints().get(0), "SET " + key + " " + key)).isEqualTo("OK");
    }
  }

  private static java.util.List<String> read(LocalRedisShards shards, String... keys) throws IOException {
    java.util.List<String> values = new java.util.ArrayList<>();
    for (String key : keys) {
      String value = LocalRedisShardsTest.call(shards.endpoints().get(0), "GET " + key);
      if (value != null) {
        values.add(value);
      }
    }
    return values;
  }

  /** Every data file under {@code dir} (not the lock, logs, pid or output) with a digest of its bytes. */
  private static Map<String, String> files(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.filter(Files::isRegularFile).toList()) {
        String name = dir.relativize(p).toString();
        if (!name.matches("redis\\.(lock|log|pid|out)")) {
          files.put(name, UUID.nameUUIDFromBytes(Files.readAllBytes(p)).toString());
        }
      }
    }
    return files;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.sorted(Comparator.naturalOrder()).toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
