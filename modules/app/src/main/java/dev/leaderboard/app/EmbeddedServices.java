package dev.leaderboard.app;

import dev.leaderboard.embedded.LocalPostgres;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.dispatch.ShardMeters;
import io.vertx.micrometer.backends.BackendRegistries;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The redis-server shards and the PostgreSQL a node starts for itself when no external ones are
 * configured. They are supervised (one that exits is restarted on its port with its data, each
 * restart counted in {@value EmbeddedRestarts#NAME}) and do not outlive the node's JVM, however it
 * ends. Starting and stopping them waits for processes: run both on a worker thread.
 *
 * @param shards the local shards, or {@code null} with {@code LB_REDIS_ENDPOINTS}
 * @param postgres the local PostgreSQL, or {@code null} with {@code LB_PG_URI}
 * @param config the node's configuration with the embedded servers' addresses filled in
 */
record EmbeddedServices(LocalRedisShards shards, LocalPostgres postgres, AppConfig config) implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedServices.class);

  /**
   * Starts what {@code config} leaves unset; the answer's {@link #config()} points at them. Call once
   * the node's Vert.x is built, so that its metrics registry (if any) counts the restarts.
   */
  static EmbeddedServices start(AppConfig config) throws IOException {
    EmbeddedRestarts restarts = new EmbeddedRestarts(BackendRegistries.getDefaultNow());
    LocalRedisShards shards = null;
    AppConfig effective = config;
    try {
      if (config.redisEndpoints().isEmpty()) {
        LOG.info("LB_REDIS_ENDPOINTS unset: starting {} local redis shards under {}", config.localShards(),
            config.dataDir());
        shards = LocalRedisShards.start(config.dataDir(), config.localShards(), config.redisServer(), restarts);
        effective = effective.withRedisEndpoints(shards.endpoints());
      }
      LocalPostgres postgres = null;
      if (config.pgUri() == null) {
        LOG.info("LB_PG_URI unset: starting a local PostgreSQL under {}", config.dataDir());
        postgres = LocalPostgres.start(config.dataDir(), restarts);
        effective = effective.withPgUri(postgres.uri());
      }
      // endpoints may hold passwords (the embedded shards' always do): only host and port are logged
      LOG.info("redis shards: {}", effective.redisEndpoints().stream().map(ShardMeters::label).toList());
      return new EmbeddedServices(shards, postgres, effective);
    } catch (IOException | RuntimeException e) {
      if (shards != null) {
        shards.close();
      }
      throw e;
    }
  }

  /** The redis-server the local shards run ({@code redis-server 6.2.11 at /path (shipped)}), or {@code null} without them. */
  String redisServer() {
    return shards == null ? null : shards.server().toString();
  }

  @Override
  public void close() {
    if (postgres != null) {
      postgres.close();
    }
    if (shards != null) {
      shards.close();
    }
  }
}
