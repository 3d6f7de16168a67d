package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.testing.TestSeed;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.backends.BackendRegistries;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis Cluster counters ({@link ClusterMeters}) in the registry a metered Vert.x sets up: none
 * moves on a quiet cluster; a slot half moved counts {@code ASK} redirects, and a batch sent on the
 * old slot map once the move finished counts a repeated round and its {@code MOVED} retry.
 */
@ExtendWith(TestSeed.class)
class ClusterMetersTest {
  private static final long NOW = Instant.parse("2025-04-15T12:00:00Z").toEpochMilli();
  private static final long WINDOW = 3_600_000;

  @Test
  void redirectsAndRepeatedRoundsCountWhenASlotMovesAndStayZeroOnAQuietCluster(Random rnd, @TempDir Path dir)
      throws IOException {
    MeterRegistry registry = new SimpleMeterRegistry();
    Vertx vertx = Vertx.builder().with(new VertxOptions().setMetricsOptions(new MicrometerMetricsOptions().setEnabled(true)))
        .withMetrics(new MicrometerMetricsFactory(registry)).build();
    try (LocalRedisCluster cluster = LocalRedisCluster.start(dir, 2, 0, Duration.ofSeconds(2))) {
      assertThat(BackendRegistries.getDefaultNow()).isSameAs(registry);
      ClusterShards shards = ClusterShards.connect(vertx, cluster.seeds(), RedisPool.of(4), 10_000);
      ScoreStore store = new ScoreStore(shards, 8);
      store.loadScripts().await();
      Board b = Board.define("cm-" + UUID.randomUUID().toString().substring(0, 8),
          new JsonObject().put("partitions", 4), null, Instant.ofEpochMilli(NOW - WINDOW), 4, "u1");
      Live.mark(shards, b, "all");
      List<SubmitCommand> events = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        events.add(new SubmitCommand("all", "c" + Integer.toString(rnd.nextInt(1 << 20), 36) + "-" + i,
            Operator.INCR, 1 + rnd.nextInt(500), rnd.nextInt(1000), null));
      }
      store.submitAll(b, events, NOW, WINDOW).await();
      Route moving = Keys.keySet(shards, b, "all", 0);
      long members = events.stream().filter(e -> Partitioner.partitionOf(e.userId(), b.partitions()) == 0).count();

      assertThat(sizes(shards, b).get(0)).isEqualTo(members);
      assertThat(count(registry, ClusterMeters.REDIRECTS)).isZero();
      assertThat(count(registry, ClusterMeters.RETRIES)).isZero();
      assertThat(count(registry, ClusterMeters.REPEATED)).isZero();

      int added = cluster.addMaster();
      int slot = cluster.slotOf(Keys.scores(moving));
      cluster.slots().begin(slot, added);
      cluster.slots().migrateKeys(slot, List.of(Keys.scores(moving)));
      assertThat(sizes(shards, b).get(0)).isEqualTo(members);
      assertThat(count(registry, ClusterMeters.REDIRECTS, "kind", "ask")).isPositive();
      assertThat(count(registry, ClusterMeters.REPEATED)).as("an ASK goes call by call, no batch again").isZero();

      cluster.slots().finish(slot);
      assertThat(sizes(shards, b).get(0)).isEqualTo(members);
      assertThat(count(registry, ClusterMeters.REPEATED)).isPositive();
      assertThat(count(registry, ClusterMeters.RETRIES, "reason", "MOVED")).isPositive();
      shards.close();
    } finally {
      vertx.close().await();
    }
  }

  /** Each partition's size, one ZCARD per partition in one dispatch. */
  private static List<Long> sizes(Shards shards, Board b) {
    List<Call> calls = new ArrayList<>();
    for (int p = 0; p < b.partitions(); p++) {
      Route r = Keys.keySet(shards, b, "all", p);
      calls.add(Call.of(r, Request.cmd(Command.ZCARD).arg(Keys.scores(r))));
    }
    return shards.dispatch(calls).await().stream().map(Response::toLong).toList();
  }

  /** The sum of the counters named {@code name} with the given tag pairs, over every node. */
  private static double count(MeterRegistry registry, String name, String... tags) {
    return registry.find(name).tags(tags).counters().stream().mapToDouble(Counter::count).sum();
  }
}
