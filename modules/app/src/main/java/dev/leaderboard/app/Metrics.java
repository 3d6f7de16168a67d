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
final class Metrics {
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
    return builder.with(vertxOptions.setMetricsOptions(options)).withMetrics(new MicrometerMetricsFactory(registry));
  }

  /**
   * Starts an {@link EventLoopProbe} on every event loop of {@code vertx}, built with {@link #enable}
   * and {@code options}; answers {@code vertx}.
   */
  static Vertx probed(Vertx vertx, VertxOptions options) {
    // instances of one deployment get the event loops in turn
    vertx.deployVerticle(() -> new EventLoopProbe(PROBE_INTERVAL),
            new DeploymentOptions().setInstances(options.getEventLoopPoolSize()))
        .onFailure(e -> LOG.warn("event-loop delay probes did not start: {}", e.toString()));
    return vertx;
  }
}
