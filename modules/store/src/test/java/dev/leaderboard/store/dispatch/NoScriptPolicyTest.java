package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore;
import dev.leaderboard.store.friends.FriendStore;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;

import dev.leaderboard.embedded.LocalRedisShards;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of script call works on nodes that lost their scripts (as after a restart): single
 * writes, write batches, read batches, lease scripts and friend links. Before each, the script
 * cache of every node is flushed.
 */
@ExtendWith(VertxExtension.class)
class NoScriptPolicyTest {
  private static final long NOW = Instant.parse("2025-03-01T12:00:00Z").toEpochMilli();

  private LocalRedisShards redis;
  private Shards shards;
  private ScoreStore store;
  private Board board;

  @BeforeEach
  void start(Vertx vertx, @TempDir Path dir) throws IOException {
    redis = LocalRedisShards.start(dir, 2);
    shards = Shards.connect(vertx, redis.endpoints(), 2);
    store = new ScoreStore(shards, 8);
    board = Board.define("ns-" + UUID.randomUUID().toString().substring(0, 8),
        new JsonObject().put("order", "desc").put("partitions", 4), null, Instant.ofEpochMilli(NOW), 4, "u1");
    Live.mark(shards, board, "all");
  }

  @AfterEach
  void stop() {
    shards.close();
    redis.close();
  }

  private void flushScripts() {
    // partitions 0 and 1 are on the two endpoints
    for (int p = 0; p < 2; p++) {
      shards.send(new Route("{flush}", p), Request.cmd(Command.SCRIPT).arg("FLUSH")).await();
    }
  }

  @Test
  void singleWritesAndWriteBatchesFindTheirScripts() {
    flushScripts();
    assertThat(store.submit(board, event("solo", 5), NOW, 1000).await().applied()).isTrue();
    flushScripts();
    List<SubmitCommand> events = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      events.add(event("u" + i, i));
    }
    assertThat(store.submitAll(board, events, NOW, 1000).await()).hasSize(300).allMatch(SubmitOutcome::applied);
    assertThat(store.head(board, "all", 1).await().get(0).userId()).isEqualTo("u299");
  }

  @Test
  void readBatchesAreSentAgain() {
    List<SubmitCommand> events = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      events.add(event("r" + i, i % 300));
    }
    store.submitAll(board, events, NOW, 1000).await();
    flushScripts();
    // a deep page runs the rank script on every partition
    assertThat(store.page(board, "all", 1000, 5).await().entries()).hasSize(5);
    flushScripts();
    ScoreStore.UserRank r = store.userRank(board, "all", "r0", new StoredEntry("r0", 0L)).await();
    // seven users share the lowest composite; in byte order descending r0 comes last
    assertThat(r.before()).isEqualTo(1999);
    assertThat(r.total()).isEqualTo(2000);
  }

  @Test
  void leaseAndFriendScriptsFindTheirScripts() {
    PeriodStore periods = new PeriodStore(shards, new ModerationStore(shards));
    assertThat(periods.acquire(board, "all", "me", 60_000).await()).isTrue();
    flushScripts();
    assertThat(periods.renew(board, "all", "me", 60_000).await()).isTrue();
    assertThat(periods.renew(board, "all", "other", 60_000).await()).isFalse();
    flushScripts();
    periods.release(board, "all", "me").await();
    assertThat(periods.acquire(board, "all", "other", 60_000).await()).isTrue();

    FriendStore friends = new FriendStore(shards);
    flushScripts();
    assertThat(friends.link("fa", "fb", 10).await()).isEqualTo(FriendStore.Link.ADDED);
    flushScripts();
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      many.add("ff" + i);
    }
    assertThat(friends.linkAll("fa", many, 10).await()).filteredOn(l -> l == FriendStore.Link.ADDED).hasSize(9);
    assertThat(friends.friends("fa").await()).hasSize(10).contains("fb");
  }

  private static SubmitCommand event(String user, long value) {
    return new SubmitCommand("all", user, Operator.SET, value, 0, null);
  }
}
