package dev.leaderboard.api;

import dev.leaderboard.service.LeaderboardService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.backends.BackendRegistries;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Operations routes: liveness, readiness, Prometheus metrics and the OpenAPI document.
 *
 * <p>Liveness only says the process serves HTTP. Readiness asks this node's leaderboard service
 * (local address) for its {@link LeaderboardService#health() health}: an answer at all means the
 * service verticle has started and loaded its board cache; every Redis shard must answer PING within
 * a second; a clustered node must be a member of the cluster. Anything else is 503 with the failed
 * check marked DOWN and a reason naming what failed.
 */
final class OperationRoutes {
  static final String OPENAPI_RESOURCE = "openapi.yaml";
  /** Longer than the service's own 1 s PING timeout, so a slow shard is reported as such. */
  static final long READY_TIMEOUT_MILLIS = 3000;
  private static final String UP = "UP";
  private static final String DOWN = "DOWN";

  private final Vertx vertx;
  private final LeaderboardService service;
  private final BooleanSupplier clusterJoined;
  private volatile Buffer openApi;

  private OperationRoutes(Vertx vertx, LeaderboardService service, BooleanSupplier clusterJoined) {
    this.vertx = vertx;
    this.service = service;
    this.clusterJoined = clusterJoined;
  }

  /** @param clusterJoined whether this node is a cluster member now; {@code null} when it runs without a cluster */
  static void mount(ContractRouter router, Vertx vertx, LeaderboardService service, BooleanSupplier clusterJoined) {
    OperationRoutes routes = new OperationRoutes(vertx, service, clusterJoined);
    router.handle("live", routes::live);
    router.handle("ready", routes::ready);
    router.handle("metrics", routes::metrics);
    router.handle("openApi", routes::openApi);
  }

  private void live(RoutingContext ctx) {
    ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    ctx.json(new JsonObject().put("status", UP));
  }

  private void ready(RoutingContext ctx) {
    service.health().timeout(READY_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).onComplete(ar -> {
      JsonObject checks = new JsonObject();
      if (ar.succeeded()) {
        checks.put("redis", redis(ar.result().getJsonArray("shards")));
        checks.put("cluster", cluster());
        checks.put("boards", new JsonObject().put("status", UP).put("boards", ar.result().getInteger("boards")));
      } else {
        String why = "the leaderboard service on this node did not answer (" + ar.cause().getMessage()
            + "): it has not started, has not loaded its board cache yet, or is stuck";
        checks.put("redis", new JsonObject().put("status", DOWN).put("reason", "unknown: " + why));
        checks.put("cluster", cluster());
        checks.put("boards", new JsonObject().put("status", DOWN).put("reason", why));
      }
      boolean ready = checks.stream().allMatch(c -> UP.equals(((JsonObject) c.getValue()).getString("status")));
      ctx.response().setStatusCode(ready ? 200 : 503).putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
      ctx.json(new JsonObject().put("status", ready ? UP : DOWN).put("checks", checks));
    });
  }

  private static JsonObject redis(JsonArray shards) {
    List<String> down = new ArrayList<>();
    for (int i = 0; i < shards.size(); i++) {
      JsonObject shard = shards.getJsonObject(i);
      if (!shard.getBoolean("up")) {
        down.add("shard " + shard.getInteger("shard") + " (" + shard.getString("endpoint") + "): "
            + shard.getString("error"));
      }
    }
    JsonObject check = new JsonObject().put("status", down.isEmpty() ? UP : DOWN);
    if (!down.isEmpty()) {
      check.put("reason", "no PONG within 1 s from " + String.join("; ", down));
    }
    return check.put("shards", shards);
  }

  private JsonObject cluster() {
    if (clusterJoined == null) {
      return new JsonObject().put("status", UP).put("clustered", false).put("detail", "not clustered");
    }
    boolean joined;
    try {
      joined = clusterJoined.getAsBoolean();
    } catch (RuntimeException e) {
      joined = false;
    }
    JsonObject check = new JsonObject().put("status", joined ? UP : DOWN).put("clustered", true);
    return joined ? check.put("detail", "member of the cluster")
        : check.put("reason", "this node is not a member of the cluster (not joined yet, or left it)");
  }

  /** The node's Prometheus registry (set up by the launcher), scraped off the event loop. */
  private void metrics(RoutingContext ctx) {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    if (!(registry instanceof PrometheusMeterRegistry prometheus)) {
      HttpApiVerticle.error(ctx, 404, "metrics_disabled",
          "this node runs without a Prometheus metrics registry; the launcher (LeaderboardApp) enables it");
      return;
    }
    vertx.executeBlocking(prometheus::scrape).onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response()
            .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")
            .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
            .end(ar.result());
      } else {
        ctx.fail(ar.cause());
      }
    });
  }

  private void openApi(RoutingContext ctx) {
    Buffer doc = openApi;
    (doc != null ? Future.succeededFuture(doc) : vertx.executeBlocking(OperationRoutes::readOpenApi)).onComplete(ar -> {
      if (ar.succeeded()) {
        openApi = ar.result();
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/yaml; charset=utf-8").end(ar.result());
      } else {
        ctx.fail(ar.cause());
      }
    });
  }

  static Buffer readOpenApi() throws IOException {
    try (InputStream in = OperationRoutes.class.getClassLoader().getResourceAsStream(OPENAPI_RESOURCE)) {
      if (in == null) {
        throw new IOException("classpath resource " + OPENAPI_RESOURCE + " is missing");
      }
      return Buffer.buffer(in.readAllBytes());
    }
  }
}
