package dev.leaderboard.store.dispatch;

import dev.leaderboard.store.Live;
import dev.leaderboard.store.scores.ScoreStore;
import dev.leaderboard.store.scores.SubmitCommand;
import dev.leaderboard.store.scores.SubmitOutcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Operator;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.embedded.LocalRedisShards;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that finds the pool's waiting queue full fails at once with 503 {@code overloaded}
 * (not {@code shard_unavailable}: the shard is up), is never sent, and names no address; the
 * commands ahead of it finish once the shard answers again. The shard is held with
 * {@code CLIENT PAUSE ... WRITE} (scripts wait, the control connection's {@code CLIENT UNPAUSE}
 * does not), so nothing here depends on timing.
 */
@ExtendWith(VertxExtension.class)
class PoolWaitingTest {
  private static final long NOW = Instant.parse("2025-03-01T12:00:00Z").toEpochMilli();

  @Test
  void aCommandBeyondTheWaitingBoundIsRefusedAtOnceAndNotSent(Vertx vertx, @TempDir Path dir) throws IOException {
    try (LocalRedisShards own = LocalRedisShards.start(dir, 1)) {
      String endpoint = own.endpoints().get(0);
      // one connection, one command may wait for it
      Shards shards = Shards.connect(vertx, own.endpoints(), new RedisPool(1, 1));
      Redis control = Redis.createClient(vertx, endpoint);
      try {
        ScoreStore store = new ScoreStore(shards);
        // opens the pool's one connection, so it is idle in the pool before the burst
        store.loadScripts().await();
        Board b = Board.define("pool-" + UUID.randomUUID().toString().substring(0, 8),
            new JsonObject().put("partitions", 4), null, Instant.ofEpochMilli(NOW), 4, "u1");
        Live.mark(shards, b, "all");
        control.send(Request.cmd(Command.CLIENT).arg("PAUSE").arg(60_000).arg("WRITE")).await();

        Future<SubmitOutcome> held = store.submit(b, set("a"), NOW, 1000);
        Future<SubmitOutcome> queued = store.submit(b, set("b"), NOW, 1000);
        Throwable refused = catchThrowable(() -> store.submit(b, set("c"), NOW, 1000).await());

        assertThat(refused).isInstanceOf(OverloadedException.class);
        OverloadedException overloaded = (OverloadedException) refused;
        assertThat(overloaded.status()).isEqualTo(503);
        assertThat(overloaded.code()).isEqualTo("overloaded");
        URI address = URI.create(endpoint);
        assertThat(overloaded.getMessage()).contains("retry after 1 s").contains("not sent")
            .doesNotContain(address.getHost() + ":" + address.getPort()).doesNotContain("Exception");
        assertThat(held.isComplete()).as("the held command is still waiting for the paused shard").isFalse();
        assertThat(queued.isComplete()).as("the queued command is still waiting for the connection").isFalse();
        // a read is refused the same way (the queue is full, whatever waits in it) ...
        assertThat(catchThrowable(() -> store.stored(b, "all", "a").await())).isInstanceOf(OverloadedException.class);
        // ... and a PING refused by the full queue does not mark the shard down: it is up
        List<EndpointHealth> health = shards.health(1000).await();
        assertThat(health).extracting(EndpointHealth::up).containsExactly(true);

        control.send(Request.cmd(Command.CLIENT).arg("UNPAUSE")).await();
        assertThat(held.await().applied()).isTrue();
        assertThat(queued.await().applied()).isTrue();
        assertThat(store.stored(b, "all", "c").await()).as("the refused submit was never sent").isNull();
        assertThat(store.submit(b, set("c"), NOW, 1000).await().applied()).isTrue();
      } finally {
        control.close();
        shards.close();
      }
    }
  }

  @Test
  void theDefaultBoundIsDerivedFromThePoolSize() {
    assertThat(RedisPool.of(16)).isEqualTo(new RedisPool(16, 16 * RedisPool.WAITING_PER_CONNECTION));
    assertThat(catchThrowable(() -> new RedisPool(0, 1))).isInstanceOf(IllegalArgumentException.class);
    assertThat(catchThrowable(() -> new RedisPool(1, -1))).isInstanceOf(IllegalArgumentException.class);
  }

  private static SubmitCommand set(String user) {
    return new SubmitCommand("all", user, Operator.SET, 7, 0, null);
  }
}
