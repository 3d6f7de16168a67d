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
import io.vertx.core.VertxOptions;
import io.vertx.core.VertxBuilder;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.function.BooleanSupplier;
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
  private final String httpDeployment;
  private final LocalRedisShards localShards;
  private final LocalPostgres postgres;
  private final AppConfig config;

  private LeaderboardApp(Vertx vertx, String httpDeployment, LocalRedisShards localShards, LocalPostgres postgres,
      AppConfig config) {
    this.vertx = vertx;
    this.httpDeployment = httpDeployment;
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
      BooleanSupplier clusterJoined = ClusterMembership.of(vertx);
      String http = vertx.deployVerticle(() -> new HttpApiVerticle(c.httpPort(), clusterJoined),
          new DeploymentOptions().setInstances(instances)).await();
      LOG.info("leaderboard node ready: HTTP on port {}, {} shards, {} default partitions, cluster {}",
          c.httpPort(), c.redisEndpoints().size(), c.partitions(), c.cluster() ? "on" : "off");
      return new LeaderboardApp(vertx, http, local, postgres, effective);
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

  /** A Vert.x with metrics, and clustered when the configuration says so. Also used by event-bus clients. */
  public static Future<Vertx> createVertx(AppConfig c) {
    VertxOptions options = new VertxOptions();
    if (c.cluster() && c.clusterHost() != null) {
      // the address other nodes reach this node's event bus at
      options.getEventBusOptions().setHost(c.clusterHost());
    }
    VertxBuilder builder = Metrics.enable(Vertx.builder(), options);
    if (!c.cluster()) {
      return Future.succeededFuture(builder.build());
    }
    Config hz = ConfigUtil.loadConfig();
    hz.setClusterName("leaderboard");
    hz.getNetworkConfig().setPort(c.clusterPort()).setPortAutoIncrement(false);
    if (c.clusterHost() != null) {
      hz.getNetworkConfig().setPublicAddress(c.clusterHost() + ":" + c.clusterPort());
      hz.getNetworkConfig().getInterfaces().setEnabled(true).addInterface(c.clusterHost());
    }
    JoinConfig join = hz.getNetworkConfig().getJoin();
    if (!c.clusterMembers().isEmpty()) {
      join.getMulticastConfig().setEnabled(false);
      join.getTcpIpConfig().setEnabled(true).setMembers(c.clusterMembers());
    } else if (c.clusterDns() != null) {
      // Kubernetes: the members are the addresses behind a headless service
      join.getMulticastConfig().setEnabled(false);
      join.getKubernetesConfig().setEnabled(true).setProperty("service-dns", c.clusterDns())
          .setProperty("service-port", String.valueOf(c.clusterPort()));
    }
    LOG.info("joining cluster on port {} ({})", c.clusterPort(),
        !c.clusterMembers().isEmpty() ? "members " + c.clusterMembers()
            : c.clusterDns() != null ? "Kubernetes service " + c.clusterDns() : "multicast discovery");
    return builder.withClusterManager(new HazelcastClusterManager(hz)).buildClustered();
  }

  public Vertx vertx() {
    return vertx;
  }

  public List<String> redisEndpoints() {
    return config.redisEndpoints();
  }

  /**
   * Stops in order: the HTTP servers stop accepting and finish their in-flight requests (the
   * services they call are still up), then Vert.x closes the services and leaves the cluster, then
   * the embedded PostgreSQL and Redis shards stop.
   */
  @Override
  public void close() {
    try {
      vertx.undeploy(httpDeployment).await();
    } catch (Exception e) {
      LOG.warn("stopping HTTP: {}", e.toString());
    }
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
