package dev.leaderboard.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import dev.leaderboard.testing.TestSeed;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with {@code LB_OTLP_ENDPOINT} exports its requests' traces to an OTLP/HTTP receiver (this
 * test's): a submit's trace has the HTTP server span and, under it, the Redis client's spans; a
 * period close's and an archived period's read have the PostgreSQL client's. Spans still batched
 * are sent when the node stops. Without the setting the node installs no tracer.
 */
@ExtendWith({VertxExtension.class, TestSeed.class})
class TracingTest {
  /** The batch processor's delay (an SDK setting, {@code OTEL_BSP_SCHEDULE_DELAY}), short for the test. */
  private static final String BATCH_DELAY = "otel.bsp.schedule.delay";

  @Test
  void aSubmitsTraceCoversTheHttpEdgeAndRedisAndACloseItsArchiving(Vertx vertx, @TempDir Path dataDir)
      throws Exception {
    Receiver receiver = Receiver.start(vertx);
    String board = "t-" + UUID.randomUUID().toString().toLowerCase(Locale.ROOT);
    Node node = startTraced(dataDir, receiver, 50);
    LeaderboardApp app = node.app();
    int port = node.port();
    String path = "/v1/boards/" + board;
    try {
      assertThat(((VertxInternal) app.vertx()).tracer()).isNotNull();
      MetricsTest.Http http = new MetricsTest.Http(vertx, AdminClients.of(vertx, app), port);
      http.expect(201, HttpMethod.PUT, path, new JsonObject().put("period", "daily"));
      http.expect(200, HttpMethod.POST, path + "/scores",
          new JsonObject().put("userId", "alice").put("value", 10).put("eventId", "e1"));
      http.expect(200, HttpMethod.POST, path + "/periods/2025-04-15/close", null);
      http.expect(200, HttpMethod.GET, path + "/entries?period=2025-04-15", null);
      String callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
      String callerSpan = "00f067aa0ba902b7";
      assertThat(http.client().get(port, "localhost", "/health/live")
          .putHeader("traceparent", "00-" + callerTrace + "-" + callerSpan + "-01").send()
          .await(MetricsTest.WAIT_SECONDS, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

      // the submit's HTTP server span is a trace's root; the Redis client's spans (one per command,
      // one per pipelined batch) are its children
      Span submit = receiver.await(server("POST", path + "/scores"));
      assertThat(receiver.children(submit, "redis")).extracting(s -> attribute(s, "db.operation.name").orElse(""))
          .as("Redis commands of the submit").contains("evalsha");
      // closing the period archives it into PostgreSQL within the request's trace
      Span close = receiver.await(server("POST", path + "/periods/2025-04-15/close"));
      assertThat(receiver.children(close, "postgresql")).extracting(s -> attribute(s, "db.query.text").orElse(""))
          .anyMatch(q -> q.startsWith("insert into archived_entry"));
      // a read of an archived period is answered from PostgreSQL
      Span read = receiver.await(server("GET", path + "/entries"));
      assertThat(receiver.children(read, "postgresql")).extracting(s -> attribute(s, "db.query.text").orElse(""))
          .anyMatch(q -> q.contains("from archived_entry"));
      // a caller's trace (W3C traceparent) is continued
      HexFormat hex = HexFormat.of();
      receiver.await(s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER
          && hex.formatHex(s.getTraceId().toByteArray()).equals(callerTrace)
          && hex.formatHex(s.getParentSpanId().toByteArray()).equals(callerSpan));
      assertThat(receiver.services()).containsOnly(Tracing.SERVICE_NAME);
      // Redis and PostgreSQL calls outside a request (the board cache's load at start) start no trace
      assertThat(List.copyOf(receiver.spans())).filteredOn(s -> s.getParentSpanId().isEmpty())
          .extracting(Span::getKind).containsOnly(Span.SpanKind.SPAN_KIND_SERVER);
    } finally {
      app.stop().await();
      receiver.server.close().await();
    }
  }

  @Test
  void stoppingTheNodeExportsTheSpansStillBatched(Vertx vertx, @TempDir Path dataDir) throws Exception {
    Receiver receiver = Receiver.start(vertx);
    // spans wait in the batch until the node stops
    Node node = startTraced(dataDir, receiver, 600_000);
    try {
      new MetricsTest.Http(vertx, AdminClients.of(vertx, node.app()), node.port())
          .expect(200, HttpMethod.GET, "/health/ready", null);
    } finally {
      node.app().stop().await();
    }
    try {
      assertThat(receiver.await(server("GET", "/health/ready"))).isNotNull();
    } finally {
      receiver.server.close().await();
    }
  }

  @Test
  void withoutTheSettingNoTracerIsInstalled(@TempDir Path dataDir) throws Exception {
    LeaderboardApp app = startNode(dataDir, null).app();
    try {
      assertThat(((VertxInternal) app.vertx()).tracer()).isNull();
    } finally {
      app.stop().await();
    }
  }

  /** A node exporting to {@code receiver}, whose batches wait at most {@code batchDelayMillis}. */
  private static Node startTraced(Path dataDir, Receiver receiver, long batchDelayMillis) throws Exception {
    System.setProperty(BATCH_DELAY, String.valueOf(batchDelayMillis));
    try {
      return startNode(dataDir, "http://127.0.0.1:" + receiver.port());
    } finally {
      System.clearProperty(BATCH_DELAY);
    }
  }

  /** A node serving HTTP on {@link Node#port}. */
  private record Node(LeaderboardApp app, int port) {
  }

  /** A node on the shared test shards and PostgreSQL, with traces to {@code otlp} unless it is {@code null}. */
  private static Node startNode(Path dataDir, String otlp) throws Exception {
    // the shared servers first, so they cannot take the port picked for HTTP
    String redis = String.join(",", TestShards.endpoints());
    String pg = TestPostgres.uri();
    int port = MetricsTest.freePort();
    Map<String, String> env = new HashMap<>(Map.of(
        "LB_DATA_DIR", dataDir.toString(),
        "LB_HTTP_PORT", String.valueOf(port),
        "LB_REDIS_ENDPOINTS", redis,
        "LB_PG_URI", pg));
    if (otlp != null) {
      env.put("LB_OTLP_ENDPOINT", otlp);
    }
    return new Node(LeaderboardApp.start(AppConfig.fromEnv(env), AppRestartTest.CLOCK).await(), port);
  }

  /** The root span of a request: {@code method} on {@code path}. */
  private static Predicate<Span> server(String method, String path) {
    return s -> s.getKind() == Span.SpanKind.SPAN_KIND_SERVER && s.getParentSpanId().isEmpty()
        && attribute(s, "http.request.method").orElse("").equals(method) && attribute(s, "url.path").orElse("").equals(path);
  }

  /** Client spans of {@code db} (the {@code db.system}) directly under {@code parent}, in its trace. */
  private static Predicate<Span> childOf(Span parent, String db) {
    return s -> s.getKind() == Span.SpanKind.SPAN_KIND_CLIENT && s.getTraceId().equals(parent.getTraceId())
        && s.getParentSpanId().equals(parent.getSpanId()) && attribute(s, "db.system").orElse("").equals(db);
  }

  static Optional<String> attribute(Span span, String key) {
    return span.getAttributesList().stream().filter(a -> a.getKey().equals(key)).findFirst()
        .map(KeyValue::getValue).map(v -> v.hasStringValue() ? v.getStringValue() : v.toString().trim());
  }

  /** An OTLP/HTTP receiver: {@code POST /v1/traces} with {@code application/x-protobuf}; keeps every span. */
  record Receiver(HttpServer server, Queue<Span> spans, Queue<String> services) {
    static Receiver start(Vertx vertx) {
      Queue<Span> spans = new ConcurrentLinkedQueue<>();
      Queue<String> services = new ConcurrentLinkedQueue<>();
      HttpServer server = vertx.createHttpServer().requestHandler(request -> {
        if (request.method() != HttpMethod.POST || !request.path().equals("/v1/traces")
            || !"application/x-protobuf".equals(request.getHeader("Content-Type"))) {
          request.response().setStatusCode(404).end();
          return;
        }
        request.body().onSuccess(body -> {
          try {
            ExportTraceServiceRequest export = ExportTraceServiceRequest.parseFrom(body.getBytes());
            for (ResourceSpans resource : export.getResourceSpansList()) {
              resource.getResource().getAttributesList().stream().filter(a -> a.getKey().equals("service.name"))
                  .forEach(a -> services.add(a.getValue().getStringValue()));
              for (ScopeSpans scope : resource.getScopeSpansList()) {
                spans.addAll(scope.getSpansList());
              }
            }
            synchronized (spans) {
              spans.notifyAll();
            }
            request.response().putHeader("Content-Type", "application/x-protobuf").end();
          } catch (Exception e) {
            request.response().setStatusCode(400).end();
          }
        });
      });
      return new Receiver(server.listen(0, "127.0.0.1").await(), spans, services);
    }

    int port() {
      return server.actualPort();
    }

    /** The first span received that {@code wanted} holds for, waiting (bounded) until one is. */
    Span await(Predicate<Span> wanted) throws Exception {
      return awaitAll(list -> list.stream().anyMatch(wanted)).stream().filter(wanted).findFirst().orElseThrow();
    }

    /** The client spans of {@code db} under {@code parent}, waiting (bounded) until there is one. */
    List<Span> children(Span parent, String db) throws Exception {
      Predicate<Span> child = childOf(parent, db);
      return awaitAll(list -> list.stream().anyMatch(child)).stream().filter(child).toList();
    }

    /** The spans received once {@code wanted} holds for them, waiting at most {@link MetricsTest#WAIT_SECONDS}. */
    List<Span> awaitAll(Predicate<List<Span>> wanted) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MetricsTest.WAIT_SECONDS);
      synchronized (spans) {
        while (true) {
          List<Span> now = List.copyOf(spans);
          if (wanted.test(now)) {
            return now;
          }
          long left = deadline - System.nanoTime();
          assertThat(left).as("spans received in time: %s", names(now)).isPositive();
          // woken by each export that arrives
          spans.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
      }
    }

    static List<String> names(List<Span> spans) {
      return spans.stream().map(Span::getName).toList();
    }
  }
}
