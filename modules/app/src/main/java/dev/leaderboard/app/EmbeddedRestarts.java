package dev.leaderboard.app;

import dev.leaderboard.embedded.RestartListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts the restarts of the node's embedded servers: {@value #NAME} per {@code server}
 * ({@code redis-<i>} or {@code postgres}) in the node's registry, registered at 0 when the server
 * starts, so that a scrape has it before its first restart. Without a registry (metrics off) it
 * counts nothing; the restarts are logged either way.
 *
 * @param registry may be null
 */
record EmbeddedRestarts(MeterRegistry registry) implements RestartListener {
  static final String NAME = "leaderboard.embedded.restarts";

  @Override
  public void supervising(String server) {
    if (registry != null) {
      counter(server);
    }
  }

  @Override
  public void restarted(String server) {
    if (registry != null) {
      counter(server).increment();
    }
  }

  private Counter counter(String server) {
    return Counter.builder(NAME)
        .description("Restarts of an embedded server (redis-server shard or PostgreSQL) that had exited")
        .tag("server", server)
        .register(registry);
  }
}
