package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.scores.RankScript;
import dev.leaderboard.store.scores.SubmitScript;
import dev.leaderboard.store.Live;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.ScoreStoreReadTest;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slot moving to a master that joined the cluster: while only some keys of a partition have
 * moved, every read is exact (its commands follow ASK one by one); a write to that partition waits
 * for the move and applies once; the new master, which never loaded the scripts, runs them.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class ClusterMigrationTest {
  private static final long NOW = Instant.parse("2025-04-15T12:00:00Z").toEpochMilli();
  private static final long WINDOW = 3_600_000;

  @Test
  void aHalfMovedSlotAnswersExactlyAndItsWritesWaitForTheMove(Vertx vertx, Random rnd, @TempDir Path dir)
      throws IOException {
    try (LocalRedisCluster cluster = LocalRedisCluster.start(dir, 2, 0, Duration.ofSeconds(2))) {
      ClusterShards shards = ClusterShards.connect(vertx, cluster.seeds(), RedisPool.of(4), 10_000);
      ScoreStore store = new ScoreStore(shards, 8);
      store.loadScripts().await();
      Board b = Board.define("mg-" + UUID.randomUUID().toString().substring(0, 8),
          new JsonObject().put("partitions", 4).put("denseRanks", true), null, Instant.ofEpochMilli(NOW - WINDOW), 4,
          "u1");
      Live.mark(shards, b, "all");
      Map<String, StoredEntry> entries = new HashMap<>();
      List<SubmitCommand> events = new ArrayList<>();
      for (int i = 0; i < 1500; i++) {
        String user = "m" + Integer.toString(rnd.nextInt(1 << 20), 36) + "-" + i;
        events.add(new SubmitCommand("all", user, Operator.INCR, rnd.nextInt(500), rnd.nextInt(1000),
            rnd.nextBoolean() ? "e" + i : null));
      }
      List<SubmitOutcome> outcomes = store.submitAll(b, events, NOW, WINDOW).await();
      for (int i = 0; i < events.size(); i++) {
        entries.put(events.get(i).userId(), new StoredEntry(events.get(i).userId(), outcomes.get(i).entry().composite()));
      }

      int added = cluster.addMaster();
      Route scoresMoved = Keys.keySet(shards, b, "all", 0);
      Route recordsMoved = Keys.keySet(shards, b, "all", 1);
      int slot0 = cluster.slotOf(Keys.scores(scoresMoved));
      int slot1 = cluster.slotOf(Keys.scores(recordsMoved));
      cluster.slots().begin(slot0, added);
      cluster.slots().migrateKeys(slot0, List.of(Keys.scores(scoresMoved), Keys.distinct(scoresMoved)));
      cluster.slots().begin(slot1, added);
      cluster.slots().migrateKeys(slot1, List.of(Keys.events(recordsMoved), Keys.scoreCounts(recordsMoved)));
      assertThat(cluster.call(added, "SCRIPT", "EXISTS", RankScript.SCRIPT.sha(), SubmitScript.SCRIPT.sha()))
          .as("the new master has never loaded the scripts").isEqualTo(List.of(0L, 0L));

      ScoreStoreReadTest.assertReadsMatch(vertx, store, b, new ArrayList<>(entries.values()), true, rnd);
      assertThat(store.distinctBetter(b, "all", -1).await()).hasSize(
          (int) entries.values().stream().map(e -> b.codec().score(e.composite())).distinct().count());

      String mover = entries.keySet().stream()
          .filter(u -> Partitioner.partitionOf(u, b.partitions()) == 0).findFirst().orElseThrow();
      Future<SubmitOutcome> waiting = store.submit(b, new SubmitCommand("all", mover, Operator.INCR, 1, 0, null),
          NOW, WINDOW);
      cluster.slots().finish(slot0);
      cluster.slots().finish(slot1);
      SubmitOutcome applied = waiting.await();
      assertThat(applied.status()).isEqualTo(SubmitOutcome.Status.CHANGED);
      assertThat(b.codec().score(applied.entry().composite())).isEqualTo(b.codec().score(entries.get(mover).composite()) + 1);
      entries.put(mover, new StoredEntry(mover, applied.entry().composite()));

      ScoreStoreReadTest.assertReadsMatch(vertx, store, b, new ArrayList<>(entries.values()), true, rnd);
      assertThat(cluster.call(added, "SCRIPT", "EXISTS", RankScript.SCRIPT.sha(), SubmitScript.SCRIPT.sha()))
          .as("loaded where NOSCRIPT said they were missing").isEqualTo(List.of(1L, 1L));
      shards.close();
    }
  }
}
