package dev.leaderboard.api;

import dev.leaderboard.service.NodeStore;
import static dev.leaderboard.api.ApiTestSupport.assertError;
import static dev.leaderboard.api.ApiTestSupport.await;
import static dev.leaderboard.api.ApiTestSupport.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.Await;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.dispatch.RedisPool;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backpressure: with a tiny in-flight limit, or a Redis pool that lets no command wait, a request
 * beyond the bound is answered 503 {@code overloaded} with {@code Retry-After: 1} at once and changes
 * nothing, the health routes still answer, and once the held request is released requests succeed
 * again. A request is held deterministically: the node's only shard is paused for writes
 * ({@code CLIENT PAUSE ... WRITE}, so a submit waits inside Redis while reads and PINGs pass) and
 * the test waits until Redis counts the submit as blocked.
 */
@ExtendWith(VertxExtension.class)
class LoadSheddingTest {
  private LocalRedisShards shard;
  private Redis control;
  private WebClient client;
  private int port;

  @AfterEach
  void stop() {
    if (control != null) {
      control.send(Request.cmd(Command.CLIENT).arg("UNPAUSE"));
    }
    if (shard != null) {
      shard.close();
    }
  }

  @Test
  void beyondTheInFlightLimitApiRequestsAreShedAndOperationsRoutesAreNot(Vertx vertx, @TempDir Path dir) throws Exception {
    start(vertx, dir, RedisPool.of(NodeStore.POOL_SIZE), 1);
    String board = ApiTestSupport.randomBoard();
    ok(put("/v1/boards/" + board, new JsonObject()), 201);
    ok(submit(board, "u1", 5), 200);

    Future<HttpResponse<Buffer>> held = holdASubmit(board, "u2", 7);
    HttpResponse<Buffer> shedWrite = submit(board, "u3", 9);
    assertOverloaded(shedWrite, "in flight", "not started");
    assertOverloaded(get("/v1/boards/" + board + "/users/u1"), "in flight");
    // shed before the body is read: a body that is not JSON gets the same answer, not a 400
    assertOverloaded(await(client.post(port, "localhost", "/v1/boards/" + board + "/scores")
        .putHeader("Content-Type", "application/json").sendBuffer(Buffer.buffer("{not json"))), "in flight");
    assertThat(get("/health/live").statusCode()).isEqualTo(200);
    assertThat(ok(get("/health/ready"), 200).getString("status")).isEqualTo("UP");
    assertThat(get("/metrics").bodyAsJsonObject().getString("error")).as("answered, not shed")
        .isEqualTo("metrics_disabled");
    assertThat(get("/openapi.yaml").statusCode()).isEqualTo(200);

    release();
    assertThat(ok(await(held), 200).getBoolean("applied")).isTrue();
    assertError(get("/v1/boards/" + board + "/users/u3"), 404, "user_not_found");
    JsonObject after = ok(submit(board, "u3", 9), 200);
    assertThat(after.getBoolean("applied")).isTrue();
    assertThat(after.getLong("rank")).as("behind u3: u2 (7), u1 (5)").isEqualTo(1);
  }

  @Test
  void aRedisCommandThatCannotWaitForAConnectionIsShedAsOverloaded(Vertx vertx, @TempDir Path dir) throws Exception {
    // one connection to the shard, no command may wait for it
    start(vertx, dir, new RedisPool(1, 0), EdgeLimits.MAX_IN_FLIGHT);
    String board = ApiTestSupport.randomBoard();
    ok(put("/v1/boards/" + board, new JsonObject()), 201);
    okOnceTheConnectionIsFree(() -> submit(board, "u1", 5));
    // requests to the held board wait for its next round; those to another board need the connection
    String other = ApiTestSupport.randomBoard();
    ok(put("/v1/boards/" + other, new JsonObject()), 201);
    okOnceTheConnectionIsFree(() -> submit(other, "u1", 5));

    Future<HttpResponse<Buffer>> held = holdASubmit(board, "u2", 7);
    HttpResponse<Buffer> shedWrite = submit(other, "u3", 9);
    String message = assertOverloaded(shedWrite, "not sent", "did not take effect");
    URI address = URI.create(shard.endpoints().get(0));
    assertThat(message).doesNotContain(address.getHost() + ":" + address.getPort()).doesNotContain("Exception");
    // a read is refused the same way, not answered from a fallback that asks Redis again
    assertOverloaded(get("/v1/boards/" + other + "/users/u1"), "not sent");
    assertThat(get("/health/live").statusCode()).isEqualTo(200);
    assertThat(ok(get("/health/ready"), 200).getString("status")).as("the shard is up").isEqualTo("UP");

    release();
    assertThat(ok(await(held), 200).getBoolean("applied")).isTrue();
    assertError(get("/v1/boards/" + other + "/users/u3"), 404, "user_not_found");
    assertThat(okOnceTheConnectionIsFree(() -> submit(other, "u3", 9)).getBoolean("applied")).isTrue();
  }

  /**
   * A request that should succeed on a pool of one connection with no waiting: the node's own
   * background reads (a board notice's re-read, the period ticks) may hold that connection for a
   * moment, and a request meanwhile is shed as overloaded, having done nothing; it is sent again, as
   * a client does after Retry-After, until it is answered 200.
   */
  private JsonObject okOnceTheConnectionIsFree(Supplier<HttpResponse<Buffer>> request) {
    AtomicReference<HttpResponse<Buffer>> last = new AtomicReference<>();
    Await.until("an answer that is not overloaded", Duration.ofSeconds(ApiTestSupport.TIMEOUT_SECONDS), () -> {
      HttpResponse<Buffer> r = request.get();
      last.set(r);
      return r.statusCode() != 503 || !"overloaded".equals(r.bodyAsJsonObject().getString("error"));
    });
    return ok(last.get(), 200);
  }

  /** A node on a redis-server of its own, its pool and in-flight limit as given, one HTTP instance. */
  private void start(Vertx vertx, Path dir, RedisPool pool, int maxInFlight) throws Exception {
    shard = LocalRedisShards.start(dir, 1);
    control = Redis.createClient(vertx, shard.endpoints().get(0));
    EdgeLimits d = EdgeLimits.DEFAULTS;
    HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0).withLimits(new EdgeLimits(d.idleTimeout(), d.headerTimeout(), d.bodyTimeout(), d.maxConnections(), maxInFlight)));
    NodeStore.Options store = NodeStore.Options.of(shard.endpoints(), TestPostgres.uri()).withPool(pool);
    await(vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(store, ApiTestSupport.CLOCK, 4)))
        .compose(id -> ApiTestSupport.deployKeys(vertx, store))
        .compose(id -> vertx.deployVerticle(api)));
    port = api.actualPort();
    client = ApiTestSupport.asAdmin(WebClient.create(vertx));
  }

  /** Pauses the shard's writes and sends a submit; answers once Redis holds it (its answer comes after {@link #release}). */
  private Future<HttpResponse<Buffer>> holdASubmit(String board, String user, long value) {
    await(control.send(Request.cmd(Command.CLIENT).arg("PAUSE").arg(60_000).arg("WRITE")));
    Future<HttpResponse<Buffer>> held = client.post(port, "localhost", "/v1/boards/" + board + "/scores?rank=true")
        .sendJsonObject(new JsonObject().put("userId", user).put("value", value));
    Await.until("the submit waits in the paused shard", Duration.ofSeconds(ApiTestSupport.TIMEOUT_SECONDS),
        () -> blockedClients() == 1);
    assertThat(held.isComplete()).isFalse();
    return held;
  }

  private void release() {
    await(control.send(Request.cmd(Command.CLIENT).arg("UNPAUSE")));
  }

  private long blockedClients() {
    String info = await(control.send(Request.cmd(Command.INFO).arg("clients"))).toString();
    return info.lines().filter(l -> l.startsWith("blocked_clients:")).mapToLong(l -> Long.parseLong(l.substring(16).trim()))
        .findFirst().orElseThrow();
  }

  /** 503 overloaded with Retry-After: 1 and a message mentioning each of {@code mentions}; the message. */
  private static String assertOverloaded(HttpResponse<Buffer> r, String... mentions) {
    assertThat(r.statusCode()).as("status; body: %s", r.bodyAsString()).isEqualTo(503);
    assertThat(r.getHeader("Retry-After")).isEqualTo("1");
    assertThat(r.getHeader("Content-Type")).startsWith("application/json");
    JsonObject body = r.bodyAsJsonObject();
    assertThat(body.fieldNames()).containsExactlyInAnyOrder("error", "message");
    assertThat(body.getString("error")).isEqualTo("overloaded");
    assertThat(body.getString("message")).contains("retry after 1 s").contains(mentions);
    return body.getString("message");
  }

  private HttpResponse<Buffer> submit(String board, String user, long value) {
    return await(client.post(port, "localhost", "/v1/boards/" + board + "/scores?rank=true")
        .sendJsonObject(new JsonObject().put("userId", user).put("value", value)));
  }

  private HttpResponse<Buffer> put(String uri, JsonObject body) {
    return await(client.put(port, "localhost", uri).sendJsonObject(body));
  }

  private HttpResponse<Buffer> get(String uri) {
    return await(client.get(port, "localhost", uri).send());
  }
}
