package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.junit5.VertxExtension;
import io.micrometer.common.util.internal.logging.WarnThenDebugLogger;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.client.WebClientSession;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicBoolean;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole node (on the shared test shards and PostgreSQL) with metrics as the launcher sets them
 * up: after some requests {@code GET /metrics} has the per-route HTTP counters and latency
 * histograms, Redis timers per shard, submit outcomes with exact counts, JVM and event-loop metrics.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class MetricsTest {
  static final long WAIT_SECONDS = 20;
  private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)$");

  /** A node on the shared test shards and PostgreSQL, with metrics as the launcher sets them up. */
  static LeaderboardApp startNode(Path dataDir, int port) throws IOException {
    // the shared servers first, so they cannot take the port picked for HTTP
    String redis = String.join(",", TestShards.endpoints());
    String pg = TestPostgres.uri();
    AppConfig config = AppConfig.fromEnv(Map.of(
        "LB_DATA_DIR", dataDir.toString(),
        "LB_HTTP_PORT", String.valueOf(port),
        "LB_REDIS_ENDPOINTS", redis,
        "LB_PG_URI", pg));
    return LeaderboardApp.start(config, AppRestartTest.CLOCK).await();
  }

  @Test
  void metricsCoverRoutesRedisSubmitsJvmAndEventLoops(Vertx vertx, @TempDir Path dataDir) throws Exception {
    int port = freePort();
    LeaderboardApp app = startNode(dataDir, port);
    try {
      Http http = new Http(vertx, AdminClients.of(vertx, app), port);
      String before = http.metrics();

      String board = "m-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
      http.expect(201, HttpMethod.PUT, "/v1/boards/" + board, new JsonObject().put("operator", "set").put("maxScore", 1000));
      JsonObject first = new JsonObject().put("userId", "alice").put("value", 10).put("eventId", "e1");
      assertThat(http.expect(200, HttpMethod.POST, "/v1/boards/" + board + "/scores", first).getBoolean("applied")).isTrue();
      assertThat(http.expect(200, HttpMethod.POST, "/v1/boards/" + board + "/scores", first).getBoolean("applied")).isFalse();
      JsonObject reused = first.copy().put("value", 11);
      http.expect(409, HttpMethod.POST, "/v1/boards/" + board + "/scores", reused);
      http.expect(400, HttpMethod.POST, "/v1/boards/" + board + "/scores",
          new JsonObject().put("userId", "bob").put("value", 5000));
      // an unknown board is not an outcome of an event
      http.expect(404, HttpMethod.POST, "/v1/boards/" + board + "-none/scores", first);
      JsonObject batch = http.expect(200, HttpMethod.POST, "/v1/boards/" + board + "/scores/batch",
          new JsonObject().put("events", new JsonArray()
              .add(new JsonObject().put("userId", "carol").put("value", 20))
              .add(first)
              .add(reused)
              .add(new JsonObject().put("userId", "dave").put("value", -1))));
      assertThat(batch.getInteger("applied")).isEqualTo(1);
      assertThat(batch.getInteger("duplicate")).isEqualTo(1);
      assertThat(batch.getInteger("conflict")).isEqualTo(1);
      assertThat(batch.getInteger("rejected")).isEqualTo(1);
      for (int i = 0; i < 3; i++) {
        http.expect(200, HttpMethod.GET, "/v1/boards/" + board + "/entries?limit=5", null);
      }
      http.expect(200, HttpMethod.GET, "/v1/boards/" + board + "/users/alice", null);
      http.expect(200, HttpMethod.GET, "/v1/boards/" + board + "/users/alice/around?limit=3", null);
      http.expect(200, HttpMethod.GET, "/health/ready", null);

      // the event-loop probes tick every 100 ms; wait (bounded) until each has recorded once
      String after = http.metricsUntil(text -> !samples(text, "leaderboard_eventloop_delay_seconds_count", Map.of()).isEmpty());

      // submits by outcome: single applied, duplicate, conflict, invalid; batch 1 / 1 / 1 / 1
      assertThat(delta(before, after, "leaderboard_submits_total", Map.of("outcome", "applied"))).isEqualTo(2.0);
      assertThat(delta(before, after, "leaderboard_submits_total", Map.of("outcome", "duplicate"))).isEqualTo(2.0);
      assertThat(delta(before, after, "leaderboard_submits_total", Map.of("outcome", "conflict"))).isEqualTo(2.0);
      assertThat(delta(before, after, "leaderboard_submits_total", Map.of("outcome", "rejected"))).isEqualTo(2.0);

      // HTTP requests per route (the router's path template), method and status
      assertThat(sum(after, "vertx_http_server_requests_total",
          Map.of("route", "/v1/boards/:board/entries", "method", "GET", "code", "200"))).isEqualTo(3.0);
      assertThat(sum(after, "vertx_http_server_requests_total",
          Map.of("route", "/v1/boards/:board/scores", "method", "POST", "code", "200"))).isEqualTo(2.0);
      assertThat(sum(after, "vertx_http_server_requests_total",
          Map.of("route", "/v1/boards/:board/scores", "method", "POST", "code", "400"))).isEqualTo(1.0);
      assertThat(sum(after, "vertx_http_server_requests_total",
          Map.of("route", "/v1/boards/:board", "method", "PUT", "code", "201"))).isEqualTo(1.0);
      assertThat(sum(after, "vertx_http_server_requests_total",
          Map.of("route", "/v1/boards/:board/users/:userId/around", "method", "GET"))).isEqualTo(1.0);
      assertThat(sum(after, "vertx_http_server_requests_total", Map.of("route", "/health/ready"))).isEqualTo(1.0);
      // latency histogram with fixed buckets: every entries request fell into the +Inf bucket
      assertThat(sum(after, "vertx_http_server_response_time_seconds_bucket",
          Map.of("route", "/v1/boards/:board/entries", "method", "GET", "code", "200", "le", "+Inf"))).isEqualTo(3.0);
      assertThat(samples(after, "vertx_http_server_response_time_seconds_bucket",
          Map.of("route", "/v1/boards/:board/entries", "le", "0.1"))).isNotEmpty();

      // requests shed with 503 overloaded, by reason: none here, but the series are there to alert on
      for (String reason : List.of("in_flight", "redis_pool")) {
        assertThat(samples(after, "leaderboard_http_shed_total", Map.of("reason", reason))).as(reason).isNotEmpty();
        assertThat(sum(after, "leaderboard_http_shed_total", Map.of("reason", reason))).as(reason).isZero();
      }

      // Redis round trips per shard, named by index: no address, port or password in the metrics
      List<String> endpoints = TestShards.endpoints();
      for (int s = 0; s < endpoints.size(); s++) {
        URI endpoint = URI.create(endpoints.get(s));
        assertThat(after).doesNotContain(endpoint.getHost() + ":" + endpoint.getPort())
            .doesNotContain(":" + endpoint.getPort() + "\"").doesNotContain(endpoint.getUserInfo().substring(1));
        Map<String, String> shard = Map.of("shard", String.valueOf(s));
        assertThat(sum(after, "leaderboard_redis_seconds_count", shard)).as("Redis calls to shard %s", s).isPositive();
        assertThat(samples(after, "leaderboard_redis_seconds_bucket", shard)).as("histogram of shard %s", s).isNotEmpty();
      }
      assertThat(sum(after, "leaderboard_redis_seconds_count", Map.of("op", "batch"))).isPositive();
      assertThat(sum(after, "leaderboard_redis_seconds_count", Map.of("op", "send"))).isPositive();

      // JVM, event loops, event bus, pools
      assertThat(samples(after, "jvm_memory_used_bytes", Map.of("area", "heap"))).isNotEmpty();
      assertThat(samples(after, "jvm_threads_live_threads", Map.of())).isNotEmpty();
      assertThat(samples(after, "jvm_classes_loaded_classes", Map.of())).isNotEmpty();
      assertThat(samples(after, "system_cpu_count", Map.of())).isNotEmpty();
      assertThat(samples(after, "leaderboard_eventloop_delay_seconds_count", Map.of()).keySet())
          .allMatch(labels -> labels.contains("loop=\"vert.x-eventloop-thread-"));
      assertThat(samples(after, "leaderboard_eventloop_delay_seconds_max", Map.of())).isNotEmpty();
      assertThat(samples(after, "netty_eventexecutor_tasks_pending", Map.of())).isNotEmpty();
      assertThat(sum(after, "vertx_eventbus_handlers", Map.of("address", "leaderboard.service"))).isPositive();
      assertThat(samples(after, "vertx_pool_ratio", Map.of())).isNotEmpty();
    } finally {
      app.stop().await();
    }
  }

  /**
   * Labels stay bounded whatever a client sends: requests no route matches share one series (their
   * path is not a label), and methods outside the standard ones share one value.
   */
  /**
   * A clean start, and the connections of a few requests, log no Micrometer warning: Vert.x's metrics
   * register a connection gauge again for every connection (see simplelogger.properties).
   */
  @Test
  void aCleanStartLogsNoMicrometerWarning(Vertx vertx, @TempDir Path dataDir) throws Exception {
    // Micrometer warns once per JVM, then at debug: another node of this JVM may have used it up
    Field once = MeterRegistry.class.getDeclaredField("doubleRegistrationLogger");
    once.setAccessible(true);
    Field warned = WarnThenDebugLogger.class.getDeclaredField("warnLogged");
    warned.setAccessible(true);
    ((AtomicBoolean) warned.get(once.get(null))).set(false);
    try (LogCapture log = LogCapture.start()) {
      int port = freePort();
      LeaderboardApp app = startNode(dataDir, port);
      try {
        // separate connections to the node, each of them counted by the same gauges
        WebClient client = WebClientSession.create(WebClient.create(vertx, new WebClientOptions().setKeepAlive(false)))
            .addHeader("Authorization", AdminClients.bearer(app.adminKeyFile()));
        for (int i = 0; i < 3; i++) {
          new Http(vertx, client, port).metrics();
        }
      } finally {
        app.stop().await(WAIT_SECONDS, TimeUnit.SECONDS);
      }
      assertThat(log.text()).contains("leaderboard node ready").doesNotContainPattern("WARN io\\.micrometer");
    }
  }

  @Test
  void unmatchedRequestsAddAtMostOneSeries(Vertx vertx, @TempDir Path dataDir, Random rnd) throws Exception {
    int port = freePort();
    LeaderboardApp app = startNode(dataDir, port);
    try {
      Http http = new Http(vertx, AdminClients.of(vertx, app), port);
      http.expect(200, HttpMethod.GET, "/health/live", null);
      http.metrics();
      Set<String> before = series(http.metrics());

      String[] shapes = {"/%s", "/%s/%s", "/v1/%s", "/v1/boards/%s/%s", "/v1/boards/b/users/u/%s", "/health/%s",
          "/metrics/%s/%s"};
      for (int i = 0; i < 200; i++) {
        String shape = shapes[rnd.nextInt(shapes.length)];
        http.expect(404, HttpMethod.GET, String.format(shape, randomSegment(rnd), randomSegment(rnd)), null);
      }
      Set<String> added = series(http.metrics());
      added.removeAll(before);
      assertThat(added).as("label sets added by 200 unknown paths").hasSizeLessThanOrEqualTo(1)
          .allMatch(labels -> labels.contains("route=\"" + BoundedHttpLabels.UNMATCHED + "\""));

      // methods outside the standard ones share one value: the first adds its label sets, 49 more add none
      http.status(HttpMethod.valueOf("UNKNOWN"), "/v1/boards");
      Set<String> oneUnknownMethod = series(http.metrics());
      for (int i = 0; i < 49; i++) {
        http.status(HttpMethod.valueOf(randomSegment(rnd).toUpperCase(Locale.ROOT)), "/v1/boards");
      }
      assertThat(series(http.metrics())).as("label sets after 50 unknown methods").isEqualTo(oneUnknownMethod);
    } finally {
      app.stop().await();
    }
  }

  private static String randomSegment(Random rnd) {
    StringBuilder s = new StringBuilder();
    for (int i = 0, n = 4 + rnd.nextInt(12); i < n; i++) {
      s.append((char) ('a' + rnd.nextInt(26)));
    }
    return s.toString();
  }

  /** The label sets of the HTTP server metrics in the scrape (a histogram's buckets count once). */
  private static Set<String> series(String text) {
    Set<String> out = new TreeSet<>();
    for (String line : text.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (m.matches() && m.group(1).startsWith("vertx_http_server_")) {
        out.add(m.group(3) == null ? "" : m.group(3).replaceAll(",?le=\"[^\"]*\"", ""));
      }
    }
    return out;
  }

  /** label text → value of every sample of {@code name} whose labels include all of {@code labels}. */
  static Map<String, Double> samples(String text, String name, Map<String, String> labels) {
    Map<String, Double> out = new java.util.TreeMap<>();
    for (String line : text.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches() || !m.group(1).equals(name)) {
        continue;
      }
      String found = m.group(3) == null ? "" : m.group(3);
      boolean all = labels.entrySet().stream().allMatch(e -> found.contains(e.getKey() + "=\"" + e.getValue() + "\""));
      if (all) {
        out.put(found, Double.parseDouble(m.group(4)));
      }
    }
    return out;
  }

  static double sum(String text, String name, Map<String, String> labels) {
    return samples(text, name, labels).values().stream().mapToDouble(Double::doubleValue).sum();
  }

  static double delta(String before, String after, String name, Map<String, String> labels) {
    assertThat(samples(after, name, labels)).as("%s%s in the scrape", name, labels).isNotEmpty();
    return sum(after, name, labels) - sum(before, name, labels);
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  record Http(Vertx vertx, WebClient client, int port) {
    JsonObject expect(int status, HttpMethod method, String uri, JsonObject body) throws TimeoutException {
      var request = client.request(method, port, "localhost", uri);
      HttpResponse<Buffer> r = (body == null ? request.send() : request.sendJsonObject(body))
          .await(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(r.statusCode()).as("%s %s: %s", method, uri, r.bodyAsString()).isEqualTo(status);
      return r.bodyAsJsonObject();
    }

    int status(HttpMethod method, String uri) throws TimeoutException {
      return client.request(method, port, "localhost", uri).send().await(WAIT_SECONDS, TimeUnit.SECONDS).statusCode();
    }

    String metrics() throws TimeoutException {
      HttpResponse<Buffer> r = client.get(port, "localhost", "/metrics").send().await(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(r.statusCode()).as(r.bodyAsString()).isEqualTo(200);
      assertThat(r.getHeader("Content-Type")).startsWith("text/plain; version=0.0.4");
      return r.bodyAsString();
    }

    /** Scrapes every 100 ms until {@code wanted} holds, for at most {@link #WAIT_SECONDS}. */
    String metricsUntil(java.util.function.Predicate<String> wanted) throws TimeoutException {
      Promise<String> matched = Promise.promise();
      long timer = vertx.setPeriodic(1, 100, id -> client.get(port, "localhost", "/metrics").send().onSuccess(r -> {
        if (wanted.test(r.bodyAsString())) {
          vertx.cancelTimer(id);
          matched.tryComplete(r.bodyAsString());
        }
      }));
      try {
        return matched.future().await(WAIT_SECONDS, TimeUnit.SECONDS);
      } finally {
        vertx.cancelTimer(timer);
      }
    }
  }
}
