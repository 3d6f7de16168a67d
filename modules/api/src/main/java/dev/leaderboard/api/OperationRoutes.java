package dev.leaderboard.api;

import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.ServiceReadiness;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.spi.cluster.ClusterManager;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.healthchecks.CheckResult;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.backends.BackendRegistries;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Liveness, readiness, metrics and the OpenAPI document. Readiness runs the node's procedures
 * ({@link ServiceReadiness#CHECKS}) and cluster membership; a failure is 503 naming what failed. Each
 * readiness answer is also recorded as gauges ({@link ReadinessMeters}).
 */
final class OperationRoutes {
  static final String OPENAPI_RESOURCE = "openapi.yaml";
  private static final String UP = "UP";
  private static final String DOWN = "DOWN";
  /** Ready (200) but some shards do not answer: their users' requests fail, the others are served. */
  private static final String DEGRADED = "DEGRADED";

  private final Vertx vertx;
  private final HealthChecks readiness;
  private final BooleanSupplier clusterJoined;
  private final String clusterWarning;
  private final ReadinessMeters meters = ReadinessMeters.create();
  private volatile Buffer openApi;

  private OperationRoutes(Vertx vertx, HealthChecks readiness, BooleanSupplier clusterJoined, String clusterWarning) {
    this.vertx = vertx;
    this.readiness = readiness;
    this.clusterJoined = clusterJoined;
    this.clusterWarning = clusterWarning;
  }

  /**
   * @param clusterJoined whether this node is a cluster member now; {@code null} when it runs without a cluster
   * @param clusterWarning shown in the cluster check (which it does not fail); {@code null} when there is none
   */
  static void mount(ContractRouter router, Vertx vertx, HealthChecks readiness, BooleanSupplier clusterJoined,
      String clusterWarning) {
    OperationRoutes routes = new OperationRoutes(vertx, readiness, clusterJoined, clusterWarning);
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
    readiness.checkStatus().onComplete(ar -> {
      JsonObject checks = new JsonObject();
      List<CheckResult> results = ar.succeeded() && ar.result().getChecks() != null ? ar.result().getChecks() : List.of();
      checks.put("cluster", cluster());
      ServiceReadiness.CHECKS.forEach(name -> checks.put(name, check(results, name)));
      boolean ready = checks.stream().noneMatch(c -> DOWN.equals(((JsonObject) c.getValue()).getString("status")));
      boolean degraded = checks.stream().anyMatch(c -> DEGRADED.equals(((JsonObject) c.getValue()).getString("status")));
      meters.record(ready, checks.getJsonObject(ServiceReadiness.REDIS), checks.getJsonObject(ServiceReadiness.ARCHIVE));
      ctx.response().setStatusCode(ready ? 200 : 503).putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
      ctx.json(new JsonObject().put("status", !ready ? DOWN : degraded ? DEGRADED : UP).put("checks", checks));
    });
  }

  /** One procedure's answer as {@code {status, ...its data}}; a missing procedure means the service is not running. */
  private static JsonObject check(List<CheckResult> results, String id) {
    CheckResult result = results.stream().filter(r -> id.equals(r.getId())).findFirst().orElse(null);
    if (result == null) {
      return new JsonObject().put("status", DOWN).put("reason", "the leaderboard service on this node did not "
          + "answer: it has not started, has not loaded its board cache yet, or is stopping");
    }
    JsonObject data = result.getData() == null ? new JsonObject() : result.getData().copy();
    boolean degraded = Boolean.TRUE.equals(data.remove("degraded"));
    JsonObject out = new JsonObject().put("status", !Boolean.TRUE.equals(result.getUp()) ? DOWN : degraded ? DEGRADED : UP);
    if (data.containsKey("procedure-execution-failure")) {
      return out.put("reason", "the leaderboard service on this node did not answer (" + data.getValue("cause")
          + "): it is stuck or overloaded");
    }
    return out.mergeIn(data);
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
    if (clusterWarning != null) {
      check.put("warning", clusterWarning);
    }
    if (!joined) {
      return check.put("reason", "this node is not a member of the cluster (not joined yet, or left it)");
    }
    ClusterManager manager = ((VertxInternal) vertx).clusterManager();
    int members = manager == null ? 1 : manager.getNodes().size();
    return check.put("members", members).put("detail", "member of a cluster of " + members
        + (members == 1 ? " node" : " nodes"));
  }

  /** Scraped off the event loop. */
  private void metrics(RoutingContext ctx) {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    if (!(registry instanceof PrometheusMeterRegistry prometheus)) {
      FailureHandler.error(ctx, Refusal.METRICS_DISABLED.exception());
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
