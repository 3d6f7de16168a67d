package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.StoreUnavailableException;
import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.LocalRedisShards;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard that stops answering without closing its connections (SIGSTOP: a hung process, or a
 * network that drops packets) costs only its own users: a round to it fails after the answer time
 * with {@code shard_unavailable}; while one round is out to it, the others fail at once and are not
 * sent (a write so refused is never applied); the other shard serves as usual; and the shard is used
 * again as soon as it answers.
 */
@ExtendWith(VertxExtension.class)
class ShardStallTest {
  private static final long NOW = Instant.parse("2025-03-01T12:00:00Z").toEpochMilli();
  private static final long ANSWER_MILLIS = 400;
  private static final String NOT_SENT = "the shard is not answering; this round was not sent";

  @Test
  void aHungShardFailsItsOwnRoundsOnlyAndRecovers(Vertx vertx, @TempDir Path dir) throws IOException {
    try (LocalRedisShards own = LocalRedisShards.start(dir, 2)) {
      ScoreStore store = new ScoreStore(Shards.connect(vertx, own.endpoints(), new RedisPool(4, 64, ANSWER_MILLIS)));
      store.loadScripts().await();
      Board b = Board.define("stall-" + UUID.randomUUID().toString().substring(0, 8),
          new JsonObject().put("partitions", 2), null, Instant.ofEpochMilli(NOW), 2, "u1");
      Live.mark(store.shards(), b, "all");
      String healthy = userOn(b, 0);
      String hung = userOn(b, 1);
      String refusedUser = userOn(b, 1, hung);
      store.submit(b, set(healthy, 1), NOW, 60_000).await();
      store.submit(b, set(hung, 1), NOW, 60_000).await();

      own.freeze(1);
      try {
        long start = System.nanoTime();
        Future<SubmitOutcome> timedOut = store.submit(b, set(hung, 2), NOW, 60_000);
        Throwable first = catchThrowable(timedOut::await);
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;
        assertThat(first).isInstanceOf(StoreUnavailableException.class);
        assertThat(((StoreUnavailableException) first).code()).isEqualTo("shard_unavailable");
        assertThat(((StoreUnavailableException) first).shard()).hasValue(1);
        assertThat(RedisFailures.summary(first)).isEqualTo("timeout");
        assertThat(waitedMillis).as("failed after the answer time, not before").isGreaterThanOrEqualTo(ANSWER_MILLIS);

        // the stalled shard gets one round (the probe) at a time; the others fail at once, unsent
        Future<StoredEntry> probe = store.stored(b, "all", hung);
        Throwable refused = catchThrowable(() -> store.submit(b, set(refusedUser, 5), NOW, 60_000).await());
        assertThat(probe.isComplete()).as("the probe is still out when the next round is refused").isFalse();
        assertThat(refused).isInstanceOf(StoreUnavailableException.class)
            .hasRootCauseMessage(NOT_SENT);

        // the other shard answers as usual meanwhile
        assertThat(b.codec().score(store.submit(b, set(healthy, 3), NOW, 60_000).await().entry().composite())).isEqualTo(3);
        assertThat(catchThrowable(probe::await)).isInstanceOf(StoreUnavailableException.class);
      } finally {
        own.thaw(1);
      }

      Await.until("the thawed shard answers again", Duration.ofSeconds(10), () -> {
        try {
          store.stored(b, "all", hung).await();
          return true;
        } catch (StoreUnavailableException e) {
          return false;
        }
      });
      // the round that timed out was sent, and ran once the shard woke up (as its 503 warned); the
      // refused one was never sent
      assertThat(b.codec().score(store.stored(b, "all", hung).await().composite())).isEqualTo(2);
      assertThat(store.stored(b, "all", refusedUser).await()).isNull();
      assertThat(b.codec().score(store.submit(b, set(hung, 4), NOW, 60_000).await().entry().composite())).isEqualTo(4);
    }
  }

  private static String userOn(Board b, int partition, String... not) {
    for (int i = 0; ; i++) {
      String u = "user-" + i;
      if (Partitioner.partitionOf(u, b.partitions()) == partition && !List.of(not).contains(u)) {
        return u;
      }
    }
  }

  private static SubmitCommand set(String user, long value) {
    return new SubmitCommand("all", user, Operator.SET, value, 0, null);
  }
}
