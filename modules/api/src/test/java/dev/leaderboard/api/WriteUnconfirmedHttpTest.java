package dev.leaderboard.api;

import static dev.leaderboard.api.ApiTestSupport.await;
import static dev.leaderboard.api.ApiTestSupport.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.api.stream.StreamSettings;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.ReplicaWait;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node on a Redis Cluster whose replicas have stopped (SIGSTOP): a submit is answered 503
 * {@code write_unconfirmed} with {@code Retry-After}, a batch lists its events under {@code failures}
 * with that code, reads answer as usual; once the replicas are back, the same event sent again is a
 * duplicate: the first attempt had been applied.
 */
@ExtendWith(VertxExtension.class)
class WriteUnconfirmedHttpTest {
  private WebClient client;
  private int port;

  @Test
  void aWriteNoReplicaConfirmedIs503WithRetryAfterAndItsRetryIsADuplicate(Vertx vertx, @TempDir Path dir)
      throws Exception {
    try (LocalRedisCluster cluster = LocalRedisCluster.start(dir, 2, 1, Duration.ofSeconds(5))) {
      NodeStore.Options store = new NodeStore.Options(RedisTopology.cluster(cluster.seeds(),
          RedisTopology.DEFAULT_SETTLE_MILLIS, new ReplicaWait(1, 300)), TestPostgres.uri(), RedisPool.of(4));
      HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
      ApiTestSupport.deployNode(vertx, store, api, ApiTestSupport.CLOCK, StreamSettings.DEFAULTS);
      port = api.actualPort();
      client = ApiTestSupport.asAdmin(WebClient.create(vertx));
      String board = ApiTestSupport.randomBoard();
      ok(await(client.put(port, "localhost", "/v1/boards/" + board).sendJsonObject(new JsonObject().put("partitions", 4))), 201);
      ok(post("/v1/boards/" + board + "/scores", new JsonObject().put("userId", "u0").put("value", 5).encode()), 200);

      List<Integer> replicas = new ArrayList<>();
      for (int master = 0; master < 2; master++) {
        replicas.addAll(cluster.replicasOf(master));
      }
      replicas.forEach(r -> freeze(cluster, r));
      try {
        HttpResponse<Buffer> single = post("/v1/boards/" + board + "/scores",
            new JsonObject().put("userId", "u1").put("value", 20).put("eventId", "e1").encode());
        assertThat(single.statusCode()).isEqualTo(503);
        assertThat(single.getHeader("Retry-After")).isEqualTo(String.valueOf(Refusal.WRITE_UNCONFIRMED.retryAfterSeconds().getAsInt()));
        assertThat(single.bodyAsJsonObject().getString("error")).isEqualTo(Refusal.WRITE_UNCONFIRMED.code());
        assertThat(single.bodyAsJsonObject().getString("message")).contains("applied the write")
            .contains("0 of 1 replicas").doesNotContain("127.0.0.1");

        JsonObject batch = ok(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", new JsonArray()
            .add(new JsonObject().put("userId", "u2").put("value", 1).put("eventId", "b1"))
            .add(new JsonObject().put("userId", "u3").put("value", 2).put("eventId", "b2"))).encode()), 200);
        assertThat(batch.getInteger("applied")).isZero();
        assertThat(batch.getInteger("failed")).isEqualTo(2);
        assertThat(batch.getJsonArray("failures").stream().map(f -> ((JsonObject) f).getString("error")))
            .containsOnly(Refusal.WRITE_UNCONFIRMED.code());

        JsonObject user = ok(await(client.get(port, "localhost", "/v1/boards/" + board + "/users/u0").send()), 200);
        assertThat(user.getLong("score")).as("reads never wait for replicas").isEqualTo(5);
      } finally {
        replicas.forEach(r -> thaw(cluster, r));
      }

      JsonObject retry = ok(post("/v1/boards/" + board + "/scores?rank=false",
          new JsonObject().put("userId", "u1").put("value", 20).put("eventId", "e1").encode()), 200);
      assertThat(retry.getBoolean("applied")).as("the first attempt had been applied on the master").isFalse();
      assertThat(retry.getLong("score")).isEqualTo(20);
    }
  }

  private static void freeze(LocalRedisCluster cluster, int node) {
    try {
      cluster.freeze(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void thaw(LocalRedisCluster cluster, int node) {
    try {
      cluster.thaw(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HttpResponse<Buffer> post(String uri, String body) {
    return await(client.post(port, "localhost", uri).putHeader("Content-Type", "application/json")
        .sendBuffer(Buffer.buffer(body)));
  }
}
