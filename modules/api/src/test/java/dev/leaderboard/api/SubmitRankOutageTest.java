package dev.leaderboard.api;

import static dev.leaderboard.api.ApiTestSupport.await;
import static dev.leaderboard.api.ApiTestSupport.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.store.dispatch.ShardMeters;
import dev.leaderboard.service.LeaderboardVerticle;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A submit needs only its user's shard: with a shard that holds other users down, a write on a
 * healthy shard is applied and its answer says the rank could not be read (a retry with the same
 * event ID is a duplicate), while a write for a user on the stopped shard is refused with 503.
 */
@ExtendWith(VertxExtension.class)
class SubmitRankOutageTest {
  private WebClient client;
  private int port;

  @Test
  void aWriteOnAHealthyShardIsAppliedWhenAnotherShardIsDown(Vertx vertx, @TempDir Path dir) throws Exception {
    try (LocalRedisShards kept = LocalRedisShards.start(dir.resolve("kept"), 1);
        LocalRedisShards own = LocalRedisShards.start(dir.resolve("own"), 1)) {
      List<String> endpoints = List.of(kept.endpoints().get(0), own.endpoints().get(0));
      HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
      ApiTestSupport.deployNode(vertx, endpoints, TestPostgres.uri(), api);
      port = api.actualPort();
      client = ApiTestSupport.asAdmin(WebClient.create(vertx));
      String board = ApiTestSupport.randomBoard();
      ok(await(client.put(port, "localhost", "/v1/boards/" + board).sendJsonObject(new JsonObject().put("partitions", 4))), 201);
      // partitions 0 and 2 live on the first endpoint, 1 and 3 on the one about to stop
      String healthy = userOn(0);
      String other = userOn(1);
      ok(post("/v1/boards/" + board + "/scores", new JsonObject().put("userId", other).put("value", 50).encode()), 200);

      own.close();
      JsonObject answer = ok(post("/v1/boards/" + board + "/scores?rank=true",
          new JsonObject().put("userId", healthy).put("value", 20).put("eventId", "e1").encode()), 200);
      assertThat(answer.getBoolean("applied")).isTrue();
      assertThat(answer.getLong("score")).isEqualTo(20);
      assertThat(answer.getValue("rank")).isNull();
      assertThat(answer.getString("rankError")).contains("applied").contains("rank");

      JsonObject retry = ok(post("/v1/boards/" + board + "/scores?rank=false",
          new JsonObject().put("userId", healthy).put("value", 20).put("eventId", "e1").encode()), 200);
      assertThat(retry.getBoolean("applied")).as("the retry is a duplicate: the first write took effect").isFalse();
      assertThat(retry.getLong("score")).isEqualTo(20);
      HttpResponse<Buffer> down = post("/v1/boards/" + board + "/scores",
          new JsonObject().put("userId", other).put("value", 1).encode());
      assertThat(down.statusCode()).isEqualTo(503);
      assertThat(down.bodyAsJsonObject().getString("error")).isEqualTo("shard_unavailable");
      assertNamesTheShardOnly(down.bodyAsJsonObject().getString("message"), own.endpoints().get(0));

      // a batch over both shards: the healthy shard's events stand, the others are reported per event
      String batch = new JsonObject().put("events", new io.vertx.core.json.JsonArray()
          .add(new JsonObject().put("userId", healthy).put("value", 1).put("eventId", "b1"))
          .add(new JsonObject().put("userId", other).put("value", 1).put("eventId", "b2"))
          .add(new JsonObject().put("userId", healthy).put("value", -500))).encode();
      JsonObject answer2 = ok(post("/v1/boards/" + board + "/scores/batch", batch), 200);
      assertThat(answer2.getInteger("applied")).isEqualTo(1);
      assertThat(answer2.getInteger("rejected")).isEqualTo(1);
      assertThat(answer2.getJsonArray("rejections").getJsonObject(0).getInteger("index")).isEqualTo(2);
      assertThat(answer2.getInteger("failed")).isEqualTo(1);
      JsonObject failure = answer2.getJsonArray("failures").getJsonObject(0);
      assertThat(failure.getInteger("index")).isEqualTo(1);
      assertThat(failure.getString("error")).isEqualTo("shard_unavailable");
      assertThat(failure.getString("message")).contains("same eventId");
      JsonObject after = ok(post("/v1/boards/" + board + "/scores?rank=false",
          new JsonObject().put("userId", healthy).put("value", 0).encode()), 200);
      assertThat(after.getLong("score")).as("20 + 1 from the batch").isEqualTo(21);

      // reads: the user's own score and time still answer, marked partial; reads over every shard are 503
      JsonObject partial = ok(await(client.get(port, "localhost", "/v1/boards/" + board + "/users/" + healthy).send()), 200);
      assertThat(partial.getLong("score")).isEqualTo(21);
      assertThat(partial.getBoolean("partial")).isTrue();
      assertThat(partial.getValue("rank")).isNull();
      assertNamesTheShardOnly(partial.getString("unavailable"), own.endpoints().get(0));
      HttpResponse<Buffer> userOnDown = await(client.get(port, "localhost", "/v1/boards/" + board + "/users/" + other).send());
      assertThat(userOnDown.statusCode()).isEqualTo(503);
      assertThat(userOnDown.bodyAsJsonObject().getString("error")).isEqualTo("shard_unavailable");
      HttpResponse<Buffer> page = await(client.get(port, "localhost", "/v1/boards/" + board + "/entries").send());
      assertThat(page.statusCode()).isEqualTo(503);
      assertNamesTheShardOnly(page.bodyAsJsonObject().getString("message"), own.endpoints().get(0));
    }
  }

  /** A 503's words name the shard by its index: no address, port or client message reaches a client. */
  private static void assertNamesTheShardOnly(String message, String endpoint) {
    URI uri = URI.create(endpoint);
    assertThat(message).contains("Redis shard 1 ").doesNotContain(uri.getHost()).doesNotContain(String.valueOf(uri.getPort()))
        .doesNotContainIgnoringCase("connection").doesNotContainIgnoringCase("refused");
  }

  private HttpResponse<Buffer> post(String uri, String body) {
    return await(client.post(port, "localhost", uri).putHeader("Content-Type", "application/json")
        .sendBuffer(Buffer.buffer(body)));
  }

  private static String userOn(int partition) {
    for (int i = 0; ; i++) {
      if (Partitioner.partitionOf("u" + i, 4) == partition) {
        return "u" + i;
      }
    }
  }
}
