package dev.leaderboard.bench;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.ProtocolVersion;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;

/**
 * The baseline: the service's paths served as a bare Vert.x endpoint would, on one sorted set of one
 * Redis with plain commands ({@code ZINCRBY}, {@code ZREVRANK}, {@code ZREVRANGE}); no validation
 * beyond what the commands need, no time in the score, no metrics.
 */
public final class BareEndpoint extends VerticleBase {
  private final int port;
  private final String endpoint;
  private final String key;
  private Redis redis;

  public BareEndpoint(int port, String endpoint, String key) {
    this.port = port;
    this.endpoint = endpoint;
    this.key = key;
  }

  @Override
  public Future<?> start() {
    // the same pool per instance as the service's shards client
    redis = Redis.createClient(vertx, new RedisOptions().setConnectionString(endpoint).setMaxPoolSize(16)
        .setMaxPoolWaiting(100_000).setPreferredProtocolVersion(ProtocolVersion.RESP2));
    Router router = Router.router(vertx);
    router.post("/v1/boards/:board/scores").handler(BodyHandler.create(false)).handler(this::submit);
    router.get("/v1/boards/:board/users/:userId").handler(this::user);
    router.get("/v1/boards/:board/users/:userId/around").handler(this::around);
    router.get("/v1/boards/:board/entries").handler(this::top);
    return vertx.createHttpServer().requestHandler(router).listen(port);
  }

  @Override
  public Future<?> stop() {
    redis.close();
    return Future.succeededFuture();
  }

  private void submit(RoutingContext ctx) {
    JsonObject event = ctx.body().asJsonObject();
    String user = event.getString("userId");
    boolean withRank = !"false".equals(ctx.queryParams().get("rank"));
    redis.send(Request.cmd(Command.ZINCRBY).arg(key).arg(event.getLong("value")).arg(user)).compose(score -> {
      JsonObject answer = new JsonObject().put("userId", user).put("score", score(score));
      return withRank
          ? redis.send(Request.cmd(Command.ZREVRANK).arg(key).arg(user)).map(r -> answer.put("rank", r.toLong() + 1))
          : Future.succeededFuture(answer);
    }).onComplete(ar -> reply(ctx, ar));
  }

  private void user(RoutingContext ctx) {
    String user = ctx.pathParam("userId");
    redis.send(Request.cmd(Command.ZREVRANK).arg(key).arg(user))
        .map(r -> r == null ? null : new JsonObject().put("userId", user).put("rank", r.toLong() + 1))
        .onComplete(ar -> reply(ctx, ar));
  }

  private void top(RoutingContext ctx) {
    int limit = limit(ctx, 10);
    range(0, limit).onComplete(ar -> reply(ctx, ar));
  }

  private void around(RoutingContext ctx) {
    int limit = limit(ctx, 11);
    redis.send(Request.cmd(Command.ZREVRANK).arg(key).arg(ctx.pathParam("userId")))
        .compose(r -> r == null ? Future.succeededFuture(null) : range(Math.max(0, r.toLong() - limit / 2), limit))
        .onComplete(ar -> reply(ctx, ar));
  }

  private Future<JsonObject> range(long from, int limit) {
    return redis.send(Request.cmd(Command.ZREVRANGE).arg(key).arg(from).arg(from + limit - 1).arg("WITHSCORES"))
        .map(rows -> {
          JsonArray entries = new JsonArray();
          for (int i = 0; i + 1 < rows.size(); i += 2) {
            entries.add(new JsonObject().put("rank", from + i / 2 + 1).put("userId", rows.get(i).toString())
                .put("score", score(rows.get(i + 1))));
          }
          return new JsonObject().put("offset", from).put("entries", entries);
        });
  }

  private static int limit(RoutingContext ctx, int def) {
    String s = ctx.queryParams().get("limit");
    return s == null ? def : Integer.parseInt(s);
  }

  private static long score(Response r) {
    return (long) Double.parseDouble(r.toString());
  }

  private static void reply(RoutingContext ctx, io.vertx.core.AsyncResult<JsonObject> ar) {
    if (ar.failed()) {
      ctx.response().setStatusCode(500).end(ar.cause().toString());
    } else if (ar.result() == null) {
      ctx.response().setStatusCode(404).end();
    } else {
      ctx.json(ar.result());
    }
  }
}
