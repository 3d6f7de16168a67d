package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readiness follows a real shard: a node on a shared test shard plus a redis-server of its own is
 * ready; with that redis-server stopped it is 503 naming the shard; with a redis-server back on the
 * same port it is ready again, without a restart of the node.
 */
@ExtendWith(VertxExtension.class)
class ReadinessShardOutageTest {
  static final long WAIT_SECONDS = 20;

  @Test
  void readinessFollowsAShardGoingAwayAndComingBack(Vertx vertx, @TempDir Path dir) throws Exception {
    Process again = null;
    try (LocalRedisShards kept = LocalRedisShards.start(dir.resolve("kept"), 1);
        LocalRedisShards own = LocalRedisShards.start(dir.resolve("own"), 1)) {
      String endpoint = own.endpoints().get(0);
      // a pair of shards of its own: the data records how many endpoints it is laid out for
      List<String> endpoints = List.of(kept.endpoints().get(0), endpoint);
      HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
      ApiTestSupport.deployNode(vertx, endpoints, TestPostgres.uri(), api);
      WebClient client = WebClient.create(vertx);
      Poll ready = new Poll(vertx, client, api.actualPort());

      JsonObject up = ready.until(r -> r.statusCode() == 200);
      assertThat(up.getString("status")).isEqualTo("UP");
      // a shard is named by its index only: readiness answers are public
      assertThat(shards(up).getJsonObject(1).fieldNames()).containsExactlyInAnyOrder("shard", "up", "ms");
      assertThat(shards(up).getJsonObject(1).getInteger("shard")).isEqualTo(1);

      own.close();
      // one shard of two down: the node still serves the other shard's users, so it stays ready, degraded
      JsonObject down = ready.until(r -> r.statusCode() == 200 && r.bodyAsJsonObject().getString("status").equals("DEGRADED"));
      JsonObject redis = down.getJsonObject("checks").getJsonObject("redis");
      assertThat(redis.getString("status")).isEqualTo("DEGRADED");
      assertThat(redis.getString("reason")).contains("shard 1: ");
      assertThat(down.encode()).doesNotContain(URI.create(endpoint).getHost() + ":")
          .doesNotContain(String.valueOf(URI.create(endpoint).getPort())).doesNotContainIgnoringCase("refused");
      assertThat(shards(down).getJsonObject(0).getBoolean("up")).as("the shared shard").isTrue();
      assertThat(shards(down).getJsonObject(1).getBoolean("up")).as("the stopped shard").isFalse();
      assertThat(shards(down).getJsonObject(1).getString("error")).isIn("unreachable", "timeout");
      // only the shard is missing: the service still answers and the node is not clustered
      assertThat(down.getJsonObject("checks").getJsonObject("boards").getString("status")).isEqualTo("UP");
      assertThat(down.getJsonObject("checks").getJsonObject("cluster").getString("status")).isEqualTo("UP");

      again = startRedis(own.binary(), URI.create(endpoint), dir.resolve("again"));
      JsonObject back = ready.until(r -> r.statusCode() == 200 && r.bodyAsJsonObject().getString("status").equals("UP"));
      assertThat(back.getString("status")).isEqualTo("UP");
      assertThat(shards(back).getJsonObject(1).getBoolean("up")).isTrue();
    } finally {
      if (again != null) {
        again.destroy();
        again.waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void anArchiveOutageDegradesReadinessWhileLiveBoardsServe(Vertx vertx, @TempDir Path dir) throws Exception {
    try (LocalPostgres pg = LocalPostgres.start(dir.resolve("pg"))) {
      HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0));
      ApiTestSupport.deployNode(vertx, TestShards.endpoints(), pg.uri(), api);
      WebClient client = ApiTestSupport.asAdmin(WebClient.create(vertx));
      Poll ready = new Poll(vertx, client, api.actualPort());
      JsonObject up = ready.until(r -> r.statusCode() == 200 && r.bodyAsJsonObject().getString("status").equals("UP"));
      assertThat(up.getJsonObject("checks").getJsonObject("archive").getString("status")).isEqualTo("UP");

      pg.close();
      JsonObject degraded = ready.until(r -> r.statusCode() == 200
          && r.bodyAsJsonObject().getString("status").equals("DEGRADED"));
      JsonObject archive = degraded.getJsonObject("checks").getJsonObject("archive");
      assertThat(archive.getString("status")).isEqualTo("DEGRADED");
      assertThat(archive.getString("reason")).contains("PostgreSQL");
      assertThat(archive.getString("error")).isIn("unreachable", "timeout");
      assertThat(degraded.getJsonObject("checks").getJsonObject("redis").getString("status")).isEqualTo("UP");

      String board = ApiTestSupport.randomBoard();
      assertThat(await(client.put(api.actualPort(), "localhost", "/v1/boards/" + board)
          .sendJsonObject(new JsonObject())).statusCode()).isEqualTo(201);
      assertThat(await(client.post(api.actualPort(), "localhost", "/v1/boards/" + board + "/scores")
          .sendJsonObject(new JsonObject().put("userId", "a").put("value", 3))).bodyAsJsonObject().getLong("rank"))
          .as("live boards still serve").isEqualTo(1);
      // what needs the archive is 503, naming neither its address nor what the driver said
      HttpResponse<Buffer> periods = await(client.get(api.actualPort(), "localhost", "/v1/boards/" + board + "/periods").send());
      assertThat(periods.statusCode()).isEqualTo(503);
      assertThat(periods.bodyAsJsonObject()).isEqualTo(new JsonObject().put("error", "archive_unavailable")
          .put("message", "the archive (PostgreSQL) is unavailable; retry later"));
    }
  }

  private static JsonArray shards(JsonObject ready) {
    return ready.getJsonObject("checks").getJsonObject("redis").getJsonArray("shards");
  }

  /**
   * A plain redis-server (no persistence) on the endpoint's port with its password, the way an
   * operator would bring a shard back.
   */
  private static Process startRedis(Path binary, URI endpoint, Path dir) throws IOException {
    Files.createDirectories(dir);
    return new ProcessBuilder(binary.toString(), "--port", Integer.toString(endpoint.getPort()), "--bind", "127.0.0.1",
        "--requirepass", endpoint.getUserInfo().substring(endpoint.getUserInfo().indexOf(':') + 1),
        "--dir", dir.toString(), "--save", "", "--appendonly", "no", "--daemonize", "no")
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("redis.out").toFile())
        .start();
  }

  /** Asks /health/ready every 100 ms until an answer matches, for at most {@link #WAIT_SECONDS}. */
  private record Poll(Vertx vertx, WebClient client, int port) {
    JsonObject until(Predicate<HttpResponse<Buffer>> wanted) {
      Promise<JsonObject> matched = Promise.promise();
      String[] last = {"no answer yet"};
      long timer = vertx.setPeriodic(1, 100, id -> client.get(port, "localhost", "/health/ready").send()
          .onSuccess(r -> {
            last[0] = r.statusCode() + " " + r.bodyAsString();
            if (wanted.test(r)) {
              vertx.cancelTimer(id);
              matched.tryComplete(r.bodyAsJsonObject());
            }
          }));
      try {
        return matched.future().await(WAIT_SECONDS, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        vertx.cancelTimer(timer);
        throw new AssertionError("/health/ready did not reach the expected state within " + WAIT_SECONDS
            + " s; last answer: " + last[0], e);
      }
    }
  }

  private static <T> T await(io.vertx.core.Future<T> f) throws TimeoutException {
    return f.await(WAIT_SECONDS, TimeUnit.SECONDS);
  }
}
