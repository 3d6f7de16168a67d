package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.scores.ScoreLookup;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;

import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestShards;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.ResponseType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stopped endpoint fails single calls, write batches and reads with
 * {@link StoreUnavailableException} naming it (and its index), while the other endpoint keeps serving;
 * per-user lookups answer the users of the running endpoint and name the stopped one for the others;
 * a Redis error reply is not an outage and stays as it is.
 */
@ExtendWith(VertxExtension.class)
class ShardOutageTest {
  private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");

  @Test
  void aStoppedEndpointIsUnavailableAndErrorRepliesStayAsTheyAre(Vertx vertx, @TempDir Path dir) throws IOException {
    try (LocalRedisShards own = LocalRedisShards.start(dir, 1)) {
      String stopped = own.endpoints().get(0);
      Shards shards = Shards.connect(vertx, List.of(TestShards.endpoints().get(0), stopped), 2);
      try {
        ScoreStore store = new ScoreStore(shards);
        store.loadScripts().await();
        Board b = Board.define("out-" + UUID.randomUUID().toString().substring(0, 8),
            new JsonObject().put("partitions", 4), null, NOW, 4, "u1");
        Live.mark(shards, b, "all");
        // partitions 1 and 3 live on the second endpoint, 0 and 2 on the first
        SubmitCommand onStopped = submit(userOn(b, 1, "a"));
        SubmitCommand alsoOnStopped = submit(userOn(b, 1, "b"));
        SubmitCommand onRunning = submit(userOn(b, 0, "c"));
        assertThat(store.submitAll(b, List.of(onStopped, alsoOnStopped, onRunning), NOW.toEpochMilli(), 1000).await())
            .allMatch(SubmitOutcome::applied);

        Route stoppedPartition = Keys.keySet(shards, b, "all", Partitioner.partitionOf(onStopped.userId(), 4));
        Throwable wrongType = catchThrowable(() -> shards.send(stoppedPartition,
            Request.cmd(Command.INCR).arg(Keys.scores(stoppedPartition))).await());
        assertThat(wrongType).isNotInstanceOf(StoreUnavailableException.class).isInstanceOf(Response.class);
        assertThat(((Response) wrongType).type()).isEqualTo(ResponseType.ERROR);
        assertThat(wrongType.getMessage()).startsWith("WRONGTYPE");

        own.close();
        String label = "Redis shard 1 ";
        assertUnavailable(label, () -> store.submit(b, onStopped, NOW.toEpochMilli(), 1000).await());
        // a batch fails only the events of the stopped endpoint, each with the outage
        List<SubmitOutcome> mixed = store.submitAll(b, List.of(onStopped, onRunning, alsoOnStopped),
            NOW.toEpochMilli(), 1000).await();
        assertThat(mixed).extracting(SubmitOutcome::status).containsExactly(SubmitOutcome.Status.FAILED,
            SubmitOutcome.Status.UNCHANGED, SubmitOutcome.Status.FAILED);
        assertUnavailable(label, () -> {
          throw mixed.get(0).failure();
        });
        assertUnavailable(label, () -> store.page(b, "all", 0, 10).await());
        assertUnavailable(label, () -> store.userRank(b, "all", onStopped.userId(), null).await());
        assertThat(store.stored(b, "all", onRunning.userId()).await()).isNotNull();
        // per user: found, no entry, and the users of the stopped shard named by its index
        String absent = userOn(b, 0, "none");
        assertUnavailable(label, () -> store.entries(b, "all", List.of(onRunning.userId(), onStopped.userId())).await());
        List<ScoreLookup> lookups = store.lookups(b, "all",
            List.of(onStopped.userId(), onRunning.userId(), absent, alsoOnStopped.userId())).await();
        assertThat(lookups).extracting(ScoreLookup::reached).containsExactly(false, true, true, false);
        assertThat(lookups).extracting(ScoreLookup::shard)
            .containsExactly(1, ScoreLookup.REACHED, ScoreLookup.REACHED, 1);
        assertThat(lookups.get(1).entry()).isEqualTo(store.stored(b, "all", onRunning.userId()).await());
        assertThat(lookups.get(2).entry()).isNull();
        assertThat(lookups.get(0).entry()).isNull();

        List<EndpointHealth> health = shards.health(1000).await();
        assertThat(health).extracting(EndpointHealth::up).containsExactly(true, false);
        assertThat(health.get(1).error()).isIn("unreachable", "timeout");
        assertThat(health.get(0).error()).isNull();
      } finally {
        shards.close();
      }
    }
  }

  private static void assertUnavailable(String shard, ThrowingCallable call) {
    Throwable t = catchThrowable(call);
    assertThat(t).isInstanceOf(StoreUnavailableException.class).hasMessageContaining(shard);
    assertThat(((StoreUnavailableException) t).status()).isEqualTo(503);
    assertThat(((StoreUnavailableException) t).code()).isEqualTo("shard_unavailable");
    assertThat(((StoreUnavailableException) t).shard()).hasValue(1);
  }

  /** A user ID whose partition among the board's lives on endpoint {@code endpoint} of two. */
  private static String userOn(Board b, int endpoint, String prefix) {
    for (int i = 0; ; i++) {
      String user = prefix + i;
      if (Partitioner.partitionOf(user, b.partitions()) % 2 == endpoint) {
        return user;
      }
    }
  }

  private static SubmitCommand submit(String user) {
    return new SubmitCommand("all", user, Operator.SET, 7, 0, null);
  }
}
