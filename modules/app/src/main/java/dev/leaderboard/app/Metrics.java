package dev.leaderboard.app;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.datagram.DatagramSocketOptions;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.VertxMetricsFactory;
import io.vertx.core.spi.metrics.ClientMetrics;
import io.vertx.core.spi.metrics.DatagramSocketMetrics;
import io.vertx.core.spi.metrics.EventBusMetrics;
import io.vertx.core.spi.metrics.HttpClientMetrics;
import io.vertx.core.spi.metrics.HttpServerMetrics;
import io.vertx.core.spi.metrics.PoolMetrics;
import io.vertx.core.spi.metrics.TCPMetrics;
import io.vertx.core.spi.metrics.VertxMetrics;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's metrics for {@code GET /metrics} (Prometheus text): Vert.x Micrometer metrics (HTTP per
 * route template, method and code, bounded by {@link BoundedHttpLabels}; event bus; pools; Netty
 * pending tasks), JVM binders, {@value #EVENT_LOOP_DELAY} per loop, and the application's own
 * {@code leaderboard.*} meters. Latencies are histograms with fixed {@link #BUCKETS}, so
 * {@code histogram_quantile} works across nodes at a bounded number of series. Nodes in one JVM
 * (tests only) share the registry of the first one built.
 */
final class Metrics implements VertxMetricsFactory {
  private static final Logger LOG = LoggerFactory.getLogger(Metrics.class);
  static final String EVENT_LOOP_DELAY = "leaderboard.eventloop.delay";
  static final Duration PROBE_INTERVAL = Duration.ofMillis(100);
  static final List<Duration> BUCKETS = List.of(Duration.ofNanos(250_000), Duration.ofNanos(500_000),
      Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5), Duration.ofMillis(10),
      Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
      Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
      Duration.ofSeconds(10));
  private static final List<String> HISTOGRAMS = List.of("vertx.http.server.response.time", "leaderboard.redis",
      EVENT_LOOP_DELAY);

  private Metrics() {
  }

  /**
   * Turns metrics on for the Vert.x instance {@code builder} builds, adding them to {@code options}
   * and setting those options on the builder.
   */
  static VertxBuilder enable(VertxBuilder builder, VertxOptions vertxOptions) {
    EnumSet<Label> labels = EnumSet.copyOf(MicrometerMetricsOptions.DEFAULT_LABELS);
    labels.addAll(List.of(Label.HTTP_ROUTE, Label.EB_ADDRESS, Label.EB_FAILURE));
    MicrometerMetricsOptions options = new MicrometerMetricsOptions()
        .setEnabled(true)
        .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true))
        .setJvmMetricsEnabled(true)
        .setNettyMetricsEnabled(true)
        // the Redis client's own per-command metrics cost more than a tenth of a busy node's CPU;
        // leaderboard_redis_seconds times every round trip per shard instead
        .addDisabledMetricsCategory("redis")
        .setLabels(labels);
    return builder.with(vertxOptions.setMetricsOptions(options)).withMetrics(new Metrics());
  }

  @Override
  public VertxMetrics metrics(VertxOptions options) {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry.config().meterFilter(BoundedHttpLabels.FILTER);
    registry.config().meterFilter(new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (HISTOGRAMS.stream().noneMatch(id.getName()::equals)) {
          return config;
        }
        return DistributionStatisticConfig.builder()
            .serviceLevelObjectives(BUCKETS.stream().mapToDouble(Duration::toNanos).toArray())
            .build()
            .merge(config);
      }
    });
    return new Probed(new MicrometerMetricsFactory(registry).metrics(options), options.getEventLoopPoolSize());
  }

  /** Vert.x Micrometer metrics, plus an {@link EventLoopProbe} on every event loop once Vert.x is up. */
  private record Probed(VertxMetrics metrics, int eventLoops) implements VertxMetrics {
    @Override
    public void vertxCreated(Vertx vertx) {
      metrics.vertxCreated(vertx);
      // instances of one deployment get the event loops in turn
      vertx.deployVerticle(() -> new EventLoopProbe(PROBE_INTERVAL), new DeploymentOptions().setInstances(eventLoops))
          .onFailure(e -> LOG.warn("event-loop delay probes did not start: {}", e.toString()));
    }

    @Override
    public EventBusMetrics<?> createEventBusMetrics() {
      return metrics.createEventBusMetrics();
    }

    @Override
    public HttpServerMetrics<?, ?, ?> createHttpServerMetrics(HttpServerOptions options, SocketAddress localAddress) {
      return metrics.createHttpServerMetrics(options, localAddress);
    }

    @Override
    public ClientMetrics<?, ?, ?> createClientMetrics(SocketAddress remoteAddress, String type, String namespace) {
      return metrics.createClientMetrics(remoteAddress, type, namespace);
    }

    @Override
    public HttpClientMetrics<?, ?, ?> createHttpClientMetrics(HttpClientOptions options) {
      return metrics.createHttpClientMetrics(options);
    }

    @Override
    public TCPMetrics<?> createNetServerMetrics(NetServerOptions options, SocketAddress localAddress) {
      return metrics.createNetServerMetrics(options, localAddress);
    }

    @Override
    public TCPMetrics<?> createNetClientMetrics(NetClientOptions options) {
      return metrics.createNetClientMetrics(options);
    }

    @Override
    public DatagramSocketMetrics createDatagramSocketMetrics(DatagramSocketOptions options) {
      return metrics.createDatagramSocketMetrics(options);
    }

    @Override
    public PoolMetrics<?, ?> createPoolMetrics(String type, String name, int maxSize) {
      return metrics.createPoolMetrics(type, name, maxSize);
    }

    @Override
    public boolean isMetricsEnabled() {
      return metrics.isMetricsEnabled();
    }

    @Override
    public void close() {
      metrics.close();
    }
  }
}
