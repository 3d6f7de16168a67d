package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Liveness, readiness (on the shared test shards), metrics without a registry, and the OpenAPI document. */
class OperationRoutesTest extends ApiTestSupport {

  @Test
  void liveIsUpWhileTheProcessRuns() {
    assertThat(ok(get("/health/live"), 200)).isEqualTo(new JsonObject().put("status", "UP"));
  }

  @Test
  void readyWhenEveryShardAnswersAndTheServiceRuns() {
    HttpResponse<Buffer> r = get("/health/ready");
    JsonObject body = ok(r, 200);
    assertThat(r.getHeader("Cache-Control")).isEqualTo("no-store");
    assertThat(body.getString("status")).isEqualTo("UP");
    JsonObject checks = body.getJsonObject("checks");
    assertThat(checks.fieldNames()).containsExactlyInAnyOrder("redis", "cluster", "boards", "archive");
    assertThat(checks.getJsonObject("archive").getString("status")).isEqualTo("UP");
    JsonArray shards = checks.getJsonObject("redis").getJsonArray("shards");
    assertThat(shards).hasSize(4);
    for (int i = 0; i < shards.size(); i++) {
      JsonObject shard = shards.getJsonObject(i);
      assertThat(shard.getInteger("shard")).isEqualTo(i);
      assertThat(shard.getBoolean("up")).as("shard %s", shard).isTrue();
      assertThat(shard.fieldNames()).as("a shard is named by its index only").containsExactlyInAnyOrder("shard", "up", "ms");
      assertThat(shard.getDouble("ms")).isGreaterThanOrEqualTo(0.0).isLessThan(1000.0);
    }
    assertThat(checks.getJsonObject("redis").getString("status")).isEqualTo("UP");
    assertThat(checks.getJsonObject("cluster")).isEqualTo(new JsonObject()
        .put("status", "UP").put("clustered", false).put("detail", "not clustered"));
    assertThat(checks.getJsonObject("boards").getString("status")).isEqualTo("UP");
    assertThat(checks.getJsonObject("boards").getInteger("boards")).isGreaterThanOrEqualTo(0);
  }

  @Test
  void readyFollowsClusterMembership() {
    boolean[] joined = {false};
    int apiPort = deployApi(vertx, () -> joined[0]);
    HttpResponse<Buffer> r = getOn(apiPort, "/health/ready");
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(503);
    JsonObject body = r.bodyAsJsonObject();
    assertThat(body.getString("status")).isEqualTo("DOWN");
    JsonObject cluster = body.getJsonObject("checks").getJsonObject("cluster");
    assertThat(cluster.getString("status")).isEqualTo("DOWN");
    assertThat(cluster.getBoolean("clustered")).isTrue();
    assertThat(cluster.getString("reason")).contains("not a member of the cluster");
    assertThat(body.getJsonObject("checks").getJsonObject("redis").getString("status")).isEqualTo("UP");

    joined[0] = true;
    r = getOn(apiPort, "/health/ready");
    assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
    assertThat(r.bodyAsJsonObject().getJsonObject("checks").getJsonObject("cluster"))
        .isEqualTo(new JsonObject().put("status", "UP").put("clustered", true).put("members", 1)
            .put("detail", "member of a cluster of 1 node"));

    BooleanSupplier broken = () -> {
      throw new IllegalStateException("cluster manager stopped");
    };
    assertThat(getOn(deployApi(vertx, broken), "/health/ready").statusCode()).isEqualTo(503);
  }

  @Test
  void notReadyWithoutTheService() {
    Vertx bare = Vertx.vertx();
    try {
      int apiPort = deployApi(bare, null);
      HttpResponse<Buffer> r = getOn(apiPort, "/health/ready");
      assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(503);
      JsonObject checks = r.bodyAsJsonObject().getJsonObject("checks");
      assertThat(checks.getJsonObject("boards").getString("status")).isEqualTo("DOWN");
      assertThat(checks.getJsonObject("boards").getString("reason")).contains("leaderboard service");
      assertThat(checks.getJsonObject("redis").getString("status")).isEqualTo("DOWN");
      assertThat(checks.getJsonObject("cluster").getString("status")).isEqualTo("UP");
      // liveness does not depend on anything
      assertThat(getOn(apiPort, "/health/live").statusCode()).isEqualTo(200);
    } finally {
      await(bare.close());
    }
  }

  @Test
  void metricsAre404JsonWithoutARegistry() {
    // the API tests run Vert.x without metrics; the app module tests the scrape itself
    assertError(get("/metrics"), 404, "metrics_disabled", "Prometheus");
  }

  @Test
  void servesTheOpenApiDocument() throws Exception {
    HttpResponse<Buffer> r = get("/openapi.yaml");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.getHeader("Content-Type")).startsWith("application/yaml");
    assertThat(r.body()).isEqualTo(OperationRoutes.readOpenApi());
    assertThat(r.bodyAsString()).startsWith("openapi: 3.");
    // cached after the first read, same answer
    assertThat(get("/openapi.yaml").body()).isEqualTo(r.body());
  }

  @Test
  void metricsAndTheDocumentCanBeClosedToCallersWithoutAKey() {
    HttpApiVerticle closed = new HttpApiVerticle(HttpApiVerticle.Options.of(0).withLimits(EdgeLimits.DEFAULTS).withOpen(new OpenOperations(false, false)));
    await(vertx.deployVerticle(closed));
    int at = closed.actualPort();
    assertError(callOn(at, "/metrics", null), 401, "unauthenticated", "metrics needs an API key");
    assertError(callOn(at, "/openapi.yaml", null), 401, "unauthenticated", "openApi needs an API key");
    String admin = "Bearer " + ADMIN_KEY.value();
    assertError(callOn(at, "/metrics", admin), 404, "metrics_disabled");
    assertThat(callOn(at, "/openapi.yaml", admin).statusCode()).isEqualTo(200);
    // the health checks stay open
    assertThat(callOn(at, "/health/live", null).statusCode()).isEqualTo(200);
    assertThat(callOn(at, "/health/ready", null).statusCode()).isEqualTo(200);
  }

  @Test
  void operationRoutesTakeNoQueryParameters() {
    for (String path : new String[] {"/health/live", "/health/ready", "/metrics", "/openapi.yaml"}) {
      assertError(get(path + "?verbose=1"), 400, "invalid_field", "verbose", "takes none");
    }
  }

  private static int deployApi(Vertx on, BooleanSupplier clusterJoined) {
    HttpApiVerticle api = new HttpApiVerticle(HttpApiVerticle.Options.of(0).withClusterJoined(clusterJoined));
    await(on.deployVerticle(api));
    return api.actualPort();
  }

  private HttpResponse<Buffer> callOn(int apiPort, String uri, String authorization) {
    var request = anonymous.get(apiPort, "localhost", uri);
    if (authorization != null) {
      request.putHeader("Authorization", authorization);
    }
    return await(request.send());
  }

  private HttpResponse<Buffer> getOn(int apiPort, String uri) {
    return await(WebClient.create(vertx).get(apiPort, "localhost", uri).send());
  }
}
