package dev.leaderboard.client;

import dev.leaderboard.client.model.HealthCheck;
import dev.leaderboard.client.model.Readiness;

/** Health, metrics and the API document (tag {@code operations}). */
public final class OperationCalls {
  private final Transport transport;

  OperationCalls(Transport transport) {
    this.transport = transport;
  }

  /** Whether the node's process runs. */
  @Operation("live")
  public HealthCheck live() {
    return transport.send(Call.of("live", "GET", "/health/live"), HealthCheck.class);
  }

  /** Whether the node serves: its Redis shards, cluster and boards. A node not ready answers 503 (an {@link ApiException}). */
  @Operation("ready")
  public Readiness ready() {
    return transport.send(Call.of("ready", "GET", "/health/ready"), Readiness.class);
  }

  /** The node's metrics in the Prometheus text format. */
  @Operation("metrics")
  public String metrics() {
    return transport.send(Call.of("metrics", "GET", "/metrics"), String.class);
  }

  /** The API's OpenAPI document (YAML). */
  @Operation("openApi")
  public String openApi() {
    return transport.send(Call.of("openApi", "GET", "/openapi.yaml"), String.class);
  }
}
