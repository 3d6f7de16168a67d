package dev.leaderboard.app;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import dev.leaderboard.api.HttpApiVerticle;
import dev.leaderboard.service.FriendRankVerticle;
import dev.leaderboard.archive.LocalPostgres;
import dev.leaderboard.service.AdminVerticle;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.store.LocalRedisShards;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running node: embedded shards when no endpoints are configured, a (possibly clustered)
 * Vert.x, the service verticle and the HTTP verticle. {@link #start} blocks; call it from main or
 * a test thread.
 */
public final class LeaderboardApp implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LeaderboardApp.class);

  private final Vertx vertx;
  private final LocalRedisShards localShards;
  private final LocalPostgres postgres;
  private final AppConfig config;

  private LeaderboardApp(Vertx vertx, LocalRedisShards localShards, LocalPostgres postgres, AppConfig config) {
    this.vertx = vertx;
    this.localShards = localShards;
    this.postgres = postgres;
    this.config = config;
  }

  public static LeaderboardApp start(AppConfig config, Clock clock) throws IOException {
    LocalRedisShards local = null;
    AppConfig effective = config;
    if (config.redisEndpoints().isEmpty()) {
      LOG.info("LB_REDIS_ENDPOINTS unset: starting {} local redis shards under {}", config.localShards(), config.dataDir());
      local = LocalRedisShards.start(config.dataDir(), config.localShards());
      effective = config.withRedisEndpoints(local.endpoints());
    }
    LOG.info("redis shards: {}", effective.redisEndpoints());
    LocalPostgres postgres = null;
    Vertx vertx = null;
    try {
      if (config.pgUri() == null) {
        LOG.info("LB_PG_URI unset: starting a local PostgreSQL under {}", config.dataDir());
        postgres = LocalPostgres.start(config.dataDir());
        effective = effective.withPgUri(postgres.uri());
      }
      vertx = createVertx(effective).await();
      int instances = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
      AppConfig c = effective;
      vertx.deployVerticle(() -> new LeaderboardVerticle(c.redisEndpoints(), c.pgUri(), c.partitions(), clock),
          new DeploymentOptions().setInstances(instances)).await();
      vertx.deployVerticle(new AdminVerticle(c.redisEndpoints(), c.pgUri(), clock, c.adminIntervalSeconds() * 1000L))
          .await();
      vertx.deployVerticle(() -> new FriendRankVerticle(c.redisEndpoints(), c.pgUri(), clock, c.friendLimit()),
          new DeploymentOptions().setInstances(instances)).await();
      vertx.deployVerticle(() -> new HttpApiVerticle(c.httpPort()), new DeploymentOptions().setInstances(instances))
          .await();
      LOG.info("leaderboard node ready: HTTP on port {}, {} shards, {} default partitions, cluster {}",
          c.httpPort(), c.redisEndpoints().size(), c.partitions(), c.cluster() ? "on" : "off");
      return new LeaderboardApp(vertx, local, postgres, effective);
    } catch (Exception | Error e) {
      LOG.error("start failed: {}", e.toString());
      if (vertx != null) {
        vertx.close().await();
      }
      if (postgres != null) {
        postgres.close();
      }
      if (local != null) {
        local.close();
      }
      throw e instanceof RuntimeException r ? r : new IllegalStateException("start failed: " + e, e);
    }
  }

  private static Future<Vertx> createVertx(AppConfig c) {
    if (!c.cluster()) {
      return Future.succeededFuture(Vertx.vertx());
    }
    Config hz = ConfigUtil.loadConfig();
    hz.setClusterName("leaderboard");
    hz.getNetworkConfig().setPort(c.clusterPort()).setPortAutoIncrement(false);
    JoinConfig join = hz.getNetworkConfig().getJoin();
    if (!c.clusterMembers().isEmpty()) {
      join.getMulticastConfig().setEnabled(false);
      join.getTcpIpConfig().setEnabled(true).setMembers(c.clusterMembers());
    } else if (c.clusterDns() != null) {
      // Kubernetes: the members are the addresses behind a headless service
      join.getMulticastConfig().setEnabled(false);
      join.getKubernetesConfig().setEnabled(true).setProperty("service-dns", c.clusterDns());
    }
    LOG.info("joining cluster on port {} ({})", c.clusterPort(),
        !c.clusterMembers().isEmpty() ? "members " + c.clusterMembers()
            : c.clusterDns() != null ? "Kubernetes service " + c.clusterDns() : "multicast discovery");
    return Vertx.builder().withClusterManager(new HazelcastClusterManager(hz)).buildClustered();
  }

  public Vertx vertx() {
    return vertx;
  }

  public List<String> redisEndpoints() {
    return config.redisEndpoints();
  }

  /** Stops Vert.x (and with it the HTTP server and the cluster membership), then the local shards. */
  @Override
  public void close() {
    try {
      vertx.close().await();
    } catch (Exception e) {
      LOG.warn("closing Vert.x: {}", e.toString());
    }
    if (postgres != null) {
      postgres.close();
    }
    if (localShards != null) {
      localShards.close();
    }
    LOG.info("leaderboard node stopped");
  }
}
