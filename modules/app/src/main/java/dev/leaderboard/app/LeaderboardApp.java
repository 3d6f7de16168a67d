package dev.leaderboard.app;

import com.hazelcast.config.Config;
import dev.leaderboard.api.HttpApiVerticle;
import dev.leaderboard.api.audit.AuditVerticle;
import dev.leaderboard.api.auth.KeysVerticle;
import dev.leaderboard.api.auth.NodeKeys;
import dev.leaderboard.api.auth.PlayerTokens;
import dev.leaderboard.api.limit.RateLimiter;
import dev.leaderboard.api.stream.StreamVerticle;
import dev.leaderboard.embedded.CurrentUser;
import dev.leaderboard.service.LeaderboardVerticle;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.friends.FriendRankVerticle;
import dev.leaderboard.service.AdminVerticle;
import dev.leaderboard.store.dispatch.RedisPool;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running node: embedded shards and PostgreSQL when none are configured, a (possibly
 * clustered) Vert.x, and the service, admin, friend-rank, audit-log, API-key and HTTP verticles; the node's
 * admin key ({@link AdminKeyFile}) is registered before HTTP starts.
 */
public final class LeaderboardApp {
  private static final Logger LOG = LoggerFactory.getLogger(LeaderboardApp.class);

  private final Vertx vertx;
  private final Deployed deployed;
  private final EmbeddedServices embedded;

  /** The HTTP verticles' deployment, and the file that holds the node's admin key. */
  private record Deployed(String http, Path adminKeyFile) {
  }

  private LeaderboardApp(Vertx vertx, Deployed deployed, EmbeddedServices embedded) {
    this.vertx = vertx;
    this.deployed = deployed;
    this.embedded = embedded;
  }

  /**
   * Starts a node: Vert.x (clustered when configured), the embedded servers the configuration
   * leaves unset (on a worker thread), then the verticles, HTTP last. A failure stops what started.
   * The answer completes off the event loops, since a failed start closes them.
   */
  public static Future<LeaderboardApp> start(AppConfig config, Clock clock) {
    if (CurrentUser.isRoot()) {
      LOG.warn("this node runs as root: a flaw in it or in a library it uses would own the machine; run it as"
          + " an unprivileged user (the embedded PostgreSQL then also runs without a user namespace)");
    }
    CompletableFuture<LeaderboardApp> started = new CompletableFuture<>();
    createVertx(config).onComplete(created -> {
      if (created.failed()) {
        started.completeExceptionally(created.cause());
        return;
      }
      Vertx vertx = created.result();
      vertx.executeBlocking(() -> EmbeddedServices.start(config)).onComplete(servers -> {
        if (servers.failed()) {
          shutDown(vertx, null).onComplete(done -> started.completeExceptionally(servers.cause()));
          return;
        }
        EmbeddedServices embedded = servers.result();
        deploy(vertx, embedded.config(), embedded.redisServer(), clock).onComplete(deployed -> {
          if (deployed.succeeded()) {
            started.complete(new LeaderboardApp(vertx, deployed.result(), embedded));
          } else {
            shutDown(vertx, embedded).onComplete(done -> started.completeExceptionally(deployed.cause()));
          }
        });
      });
    });
    return Future.fromCompletionStage(started).onFailure(t -> LOG.error("start failed: {}", t.toString()));
  }

  private static Future<Deployed> deploy(Vertx vertx, AppConfig c, String redisServer, Clock clock) {
    DeploymentOptions instances = new DeploymentOptions()
        .setInstances(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
    BooleanSupplier clusterJoined = ClusterMembership.of(vertx);
    long closeLeaseMillis = c.closeLeaseSeconds() * 1000L;
    NodeStore.Options store = new NodeStore.Options(c.redis(), c.pgUri(),
        new RedisPool(NodeStore.POOL_SIZE, c.redisPoolWaiting(), c.redisAnswerMillis()), redisServer);
    // buckets refill in real time, whatever clock the node's periods follow
    RateLimiter rates = RateLimiter.create(c.rates(), Clock.systemUTC());
    LeaderboardVerticle.Options service = new LeaderboardVerticle.Options(store, clock, c.partitions())
        .withCloseLease(closeLeaseMillis).withNoticeInterval(c.streams().interval().toMillis());
    HttpApiVerticle.Options http = HttpApiVerticle.Options.of(c.httpPort()).withClusterJoined(clusterJoined)
        .withClusterWarning(ClusterSetup.warning(c))
        .withLimits(c.http()).withOpen(c.open()).withExposure(c.httpExposure()).withRates(rates);
    return vertx.deployVerticle(() -> new LeaderboardVerticle(service), instances)
        .compose(id -> vertx.deployVerticle(new AdminVerticle(new AdminVerticle.Options(store, clock,
            c.adminIntervalSeconds() * 1000L, closeLeaseMillis, c.webhooks()))))
        .compose(id -> vertx.deployVerticle(
            () -> new FriendRankVerticle(new FriendRankVerticle.Options(store, clock, c.friendLimit())), instances))
        .compose(id -> vertx.deployVerticle(new AuditVerticle(new AuditVerticle.Options(store, clock))))
        .compose(id -> deployKeys(vertx, c, store, clock))
        .compose(adminKey -> vertx.deployVerticle(new StreamVerticle(new StreamVerticle.Options(store, clock,
            c.streams()))).map(adminKey))
        .compose(adminKey -> vertx.deployVerticle(() -> new HttpApiVerticle(http), instances)
            .map(id -> new Deployed(id, adminKey)))
        .onSuccess(d -> LOG.info("leaderboard node ready: HTTP on {}:{}, {} Redis " + (c.redisCluster() ? "cluster seeds" : "shards")
            + ", {} default partitions, cluster {}, CORS {}, dashboard {}", c.httpExposure().host(), c.httpPort(),
            c.redisEndpoints().size(), c.partitions(), c.cluster() ? "on" : "off",
            c.httpExposure().corsOrigins().isEmpty() ? "off" : c.httpExposure().corsOrigins(),
            c.httpExposure().dashboard() ? "on at /" : "off"));
  }

  /**
   * The node's API keys, with its admin key registered, and its player token verifier when it takes
   * player tokens; answers the file that holds the admin key.
   */
  private static Future<Path> deployKeys(Vertx vertx, AppConfig c, NodeStore.Options store, Clock clock) {
    KeysVerticle keys = new KeysVerticle(new KeysVerticle.Options(store, clock));
    return vertx.deployVerticle(keys).compose(id -> AdminKeyFile.ensure(vertx, c, keys.cache()))
        .compose(adminKey -> playerTokens(vertx, c).map(adminKey));
  }

  /** Reads the player token keys (off the event loop) and hands the verifier to the node's HTTP verticles. */
  private static Future<Void> playerTokens(Vertx vertx, AppConfig c) {
    if (!c.players().enabled()) {
      LOG.info("player tokens: off (no LB_JWT_HS256_SECRET_FILE or LB_JWT_JWKS_FILE); only API keys");
      return Future.succeededFuture();
    }
    return vertx.executeBlocking(() -> PlayerTokens.load(vertx, c.players())).map(tokens -> {
      NodeKeys.of(vertx).offerPlayers(tokens);
      LOG.info("player tokens: {}", tokens);
      return null;
    });
  }

  /**
   * A Vert.x with metrics, traces when {@code LB_OTLP_ENDPOINT} is set, and clustered when the
   * configuration says so. Also used by event-bus clients.
   */
  public static Future<Vertx> createVertx(AppConfig c) {
    VertxOptions options = new VertxOptions();
    Config hz = null;
    if (c.cluster()) {
      try {
        ClusterSetup.eventBus(options.getEventBusOptions(), c);
        hz = ClusterSetup.hazelcast(c);
      } catch (RuntimeException e) {
        return Future.failedFuture(e);
      }
    }
    VertxBuilder builder = Metrics.enable(Vertx.builder(), options);
    Tracing tracing = Tracing.enable(builder, c.otlpEndpoint());
    if (hz == null) {
      return Future.succeededFuture(Metrics.probed(tracing.closeWith(builder.build()), options));
    }
    return builder.withClusterManager(new HazelcastClusterManager(hz)).buildClustered()
        .onFailure(e -> tracing.close())
        .map(vertx -> Metrics.probed(tracing.closeWith(vertx), options));
  }

  public Vertx vertx() {
    return vertx;
  }

  public List<String> redisEndpoints() {
    return embedded.config().redisEndpoints();
  }

  /** The file that holds the node's admin key ({@code LB_ADMIN_KEY_FILE}, or {@code LB_DATA_DIR/admin.key}). */
  public Path adminKeyFile() {
    return deployed.adminKeyFile();
  }

  /**
   * Stops in order: the HTTP servers stop accepting and finish their in-flight requests (the
   * services they call are still up), then Vert.x closes the services and leaves the cluster, then
   * the embedded PostgreSQL and Redis shards stop.
   */
  public Future<Void> stop() {
    CompletableFuture<Void> stopped = new CompletableFuture<>();
    vertx.undeploy(deployed.http()).onComplete(undeployed -> {
      if (undeployed.failed()) {
        LOG.warn("stopping HTTP: {}", undeployed.cause().toString());
      }
      shutDown(vertx, embedded).onComplete(done -> stopped.complete(null));
    });
    return Future.fromCompletionStage(stopped);
  }

  /**
   * Closes Vert.x, then stops the embedded servers. Runs off the event loops: they end with the
   * close, so nothing after it may be scheduled on them; stopping the servers waits for processes.
   */
  private static Future<Void> shutDown(Vertx vertx, EmbeddedServices embedded) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    CompletableFuture.runAsync(() -> vertx.close().onComplete(closed -> {
      if (closed.failed()) {
        LOG.warn("closing Vert.x: {}", closed.cause().toString());
      }
      CompletableFuture.runAsync(() -> {
        if (embedded != null) {
          embedded.close();
        }
      }).whenComplete((ok, t) -> {
        LOG.info("leaderboard node stopped");
        done.complete(null);
      });
    }));
    return Future.fromCompletionStage(done);
  }
}
