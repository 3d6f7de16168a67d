package dev.leaderboard.app;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.internal.VertxInternal;
import io.vertx.tracing.opentelemetry.OpenTelemetryTracingFactory;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's traces ({@code LB_OTLP_ENDPOINT}): Vert.x's OpenTelemetry tracer, so the HTTP server, the
 * event bus, the Redis client and the PostgreSQL client make the spans, over an OpenTelemetry SDK
 * that batches them and exports them over OTLP/HTTP (protobuf) to the endpoint, as service
 * {@value #SERVICE_NAME}. The SDK's own {@code OTEL_*} variables (and {@code otel.*} system
 * properties) tune it, e.g. the sampler or the batch delay; the endpoint, the protocol and the
 * exporters are the node's. Without the setting no tracer is installed at all.
 */
final class Tracing {
  private static final Logger LOG = LoggerFactory.getLogger(Tracing.class);
  static final String SERVICE_NAME = "leaderboard";

  private static final Tracing OFF = new Tracing(null);

  /** {@code null} when off. */
  private final OpenTelemetrySdk sdk;

  private Tracing(OpenTelemetrySdk sdk) {
    this.sdk = sdk;
  }

  /**
   * Traces for the Vert.x instance {@code builder} builds when {@code endpoint} is set (else the
   * builder is untouched); answers the tracing to {@link #closeWith} that instance.
   */
  static Tracing enable(VertxBuilder builder, String endpoint) {
    if (endpoint == null) {
      return OFF;
    }
    String base = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
    OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
        .addPropertiesSupplier(() -> Map.of("otel.service.name", SERVICE_NAME))
        .addPropertiesCustomizer(properties -> Map.of(
            "otel.traces.exporter", "otlp",
            "otel.exporter.otlp.traces.protocol", "http/protobuf",
            "otel.exporter.otlp.traces.endpoint", base + "/v1/traces",
            "otel.metrics.exporter", "none",
            "otel.logs.exporter", "none"))
        .disableShutdownHook()
        .build()
        .getOpenTelemetrySdk();
    builder.withTracer(new OpenTelemetryTracingFactory(sdk));
    LOG.info("traces: on, exported over OTLP/HTTP to {}/v1/traces", SecretUris.redact(base));
    return new Tracing(sdk);
  }

  /** Answers {@code vertx}, whose close flushes the spans still batched and stops the SDK. */
  Vertx closeWith(Vertx vertx) {
    if (sdk != null) {
      ((VertxInternal) vertx).addCloseHook(completion -> sdk.shutdown().whenComplete(() -> completion.succeed(null)));
    }
    return vertx;
  }

  /** Stops the SDK of a Vert.x instance that was not built. */
  void close() {
    if (sdk != null) {
      sdk.shutdown();
    }
  }
}
