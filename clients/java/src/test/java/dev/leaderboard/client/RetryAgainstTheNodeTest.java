package dev.leaderboard.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.client.model.BoardDefinition;
import dev.leaderboard.client.model.Event;
import dev.leaderboard.client.model.SubmitResult;
import dev.leaderboard.embedded.LocalRedisCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retries against a real node: a 429 waited out as the node asks, a 503 whose write was applied applied once. */
class RetryAgainstTheNodeTest {

  record Retry(String operation, int attempt, ApiException refusal, Duration delay) {
  }

  @Test
  void a429IsRetriedAfterItsRetryAfterAndThenSucceeds(@TempDir Path dataDir) {
    try (TestNode node = TestNode.start(dataDir, Map.of("LB_RATE_SUBMIT", "1/s,burst=1"))) {
      List<Retry> retries = new CopyOnWriteArrayList<>();
      LeaderboardClient client = node.admin()
          .onRetry((op, attempt, refusal, wait) -> retries.add(new Retry(op, attempt, refusal, wait))).build();
      client.boards().putBoard("rate", BoardDefinition.defaults());
      client.scores().submit("rate", Event.of("ann", 1));

      long started = System.nanoTime();
      SubmitResult second = client.scores().submit("rate", Event.of("ann", 2));
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(second.score()).isEqualTo(3);
      assertThat(retries).hasSize(1);
      Retry retry = retries.get(0);
      assertThat(retry.operation()).isEqualTo("submit");
      assertThat(retry.refusal().status()).isEqualTo(429);
      assertThat(retry.refusal().code()).isEqualTo("rate_limited");
      assertThat(retry.refusal().limit()).contains("submit");
      assertThat(retry.delay()).isEqualTo(retry.refusal().retryAfter().orElseThrow()).isPositive();
      assertThat(took).as("waited the Retry-After before the retry").isGreaterThanOrEqualTo(retry.delay());

      // the same key's bucket: of two submits at once at least one is refused, and not retried
      List<Retry> impatientRetries = new CopyOnWriteArrayList<>();
      LeaderboardClient impatient = node.admin().retries(3, Duration.ZERO)
          .onRetry((op, attempt, refusal, wait) -> impatientRetries.add(new Retry(op, attempt, refusal, wait))).build();
      List<ApiException> refused = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        try {
          impatient.scores().submit("rate", Event.of("bob", 1));
        } catch (ApiException e) {
          refused.add(e);
        }
      }
      assertThat(refused).isNotEmpty().allSatisfy(e -> assertThat(e.status()).isEqualTo(429));
      assertThat(impatientRetries).as("a wait beyond the bound is not taken").isEmpty();
    }
  }

  @Test
  void a503WhoseWriteWasAppliedIsRetriedWithTheSameEventIdAndAppliedOnce(@TempDir Path dir) throws IOException {
    try (LocalRedisCluster cluster = LocalRedisCluster.start(dir.resolve("redis"), 2, 1, Duration.ofSeconds(5))) {
      List<Integer> replicas = new ArrayList<>();
      for (int master = 0; master < 2; master++) {
        replicas.addAll(cluster.replicasOf(master));
      }
      Map<String, String> settings = Map.of("LB_REDIS_MODE", "cluster",
          "LB_REDIS_ENDPOINTS", String.join(",", cluster.seeds()),
          "LB_REDIS_WAIT_REPLICAS", "1", "LB_REDIS_WAIT_MS", "300");
      try (TestNode node = TestNode.start(dir.resolve("node"), settings)) {
        List<Retry> retries = new CopyOnWriteArrayList<>();
        LeaderboardClient client = node.admin().onRetry((op, attempt, refusal, wait) -> {
          retries.add(new Retry(op, attempt, refusal, wait));
          // the replicas come back while the client waits: its retry then meets a confirmed store
          each(replicas, cluster::thaw);
        }).build();
        client.boards().putBoard("unconfirmed", BoardDefinition.defaults().operator("incr").partitions(4));
        client.scores().submit("unconfirmed", Event.of("ann", 5));

        each(replicas, cluster::freeze);
        SubmitResult retried;
        try {
          retried = client.scores().submit("unconfirmed", Event.of("ann", 20), false);
        } finally {
          each(replicas, cluster::thaw);
        }

        assertThat(retries).hasSize(1);
        assertThat(retries.get(0).refusal().status()).isEqualTo(503);
        assertThat(retries.get(0).refusal().code()).isEqualTo("write_unconfirmed");
        assertThat(retried.applied()).as("the first send had been applied; the retry is its duplicate").isFalse();
        assertThat(retried.score()).as("applied once: 5 + 20").isEqualTo(25);
        assertThat(client.reads().user("unconfirmed", "ann").score()).isEqualTo(25);
      }
    }
  }

  interface NodeAction {
    void on(int node) throws IOException;
  }

  /** {@code action} on each of {@code nodes} (freezing or thawing them). */
  private static void each(List<Integer> nodes, NodeAction action) {
    for (int node : nodes) {
      try {
        action.on(node);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
