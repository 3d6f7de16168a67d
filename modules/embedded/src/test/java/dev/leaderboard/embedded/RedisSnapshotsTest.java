package dev.leaderboard.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard's snapshot is taken after it is asked for, even right after another one (whose
 * {@code LASTSAVE} names the same second), and a restored shard starts from its AOF with the
 * snapshot's data; the snapshot leaves no RDB in the shard's directory.
 */
class RedisSnapshotsTest {
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  @Test
  void backToBackSnapshotsEachHoldWhatWasWrittenBeforeThemAndRestoreIntoAnAof(@TempDir Path dir) throws IOException {
    Path first = dir.resolve("first.rdb");
    Path second = dir.resolve("second.rdb");
    try (LocalRedisShards shards = LocalRedisShards.start(dir.resolve("source"), 1);
        RespClient redis = client(shards.endpoints().get(0), shards.port(0))) {
      Path shardDir = dir.resolve("source").resolve("redis-0");
      redis.call("SET", "lb:a", "1");
      RedisSnapshots.save(shards.port(0), password(shards.endpoints().get(0)), shardDir, first, TIMEOUT);
      redis.call("SET", "lb:a", "2");
      redis.call("SADD", "lb:b", "x", "y");
      RedisSnapshots.save(shards.port(0), password(shards.endpoints().get(0)), shardDir, second, TIMEOUT);
      assertThat(shardDir.resolve("dump.rdb")).doesNotExist();
      assertThat(Files.readString(shardDir.resolve("redis.port")).strip()).isEqualTo(String.valueOf(shards.port(0)));
    }

    Path restored = dir.resolve("restored");
    assertThat(RedisSnapshots.restore(restored, List.of(second), TIMEOUT)).containsExactly(2L);
    assertThat(restored.resolve("redis-0").resolve("dump.rdb")).doesNotExist();
    try (LocalRedisShards shards = LocalRedisShards.start(restored, 1);
        RespClient redis = client(shards.endpoints().get(0), shards.port(0))) {
      assertThat(redis.call("GET", "lb:a")).isEqualTo("2");
      assertThat(redis.call("SCARD", "lb:b")).isEqualTo(2L);
    }
    Path older = dir.resolve("older");
    assertThat(RedisSnapshots.restore(older, List.of(first), TIMEOUT)).containsExactly(1L);
    assertThatThrownBy(() -> RedisSnapshots.restore(older, List.of(first), TIMEOUT))
        .hasMessageContaining("holds a shard's data already");
  }

  private static RespClient client(String endpoint, int port) throws IOException {
    return new RespClient(LocalProcesses.HOST, port, password(endpoint));
  }

  private static String password(String endpoint) {
    return URI.create(endpoint).getUserInfo().substring(1);
  }
}
