package dev.leaderboard.app;

import static dev.leaderboard.app.EnvVars.blankToNull;
import static dev.leaderboard.app.EnvVars.intVar;
import static dev.leaderboard.app.EnvVars.ipLiteral;
import static dev.leaderboard.app.EnvVars.listVar;
import static dev.leaderboard.app.EnvVars.onOff;
import static dev.leaderboard.app.EnvVars.pathVar;
import static dev.leaderboard.app.EnvVars.trimmed;

import dev.leaderboard.api.EdgeLimits;
import dev.leaderboard.api.HttpExposure;
import dev.leaderboard.api.OpenOperations;
import dev.leaderboard.api.auth.PlayerTokenSettings;
import dev.leaderboard.api.limit.RateLimits;
import dev.leaderboard.api.stream.StreamSettings;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.webhooks.WebhookSettings;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.ReplicaWait;
import io.vertx.pgclient.PgConnectOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Node settings from {@code LB_*} environment variables: the one place each is read, checked (with
 * messages naming the variable and its rule) and defaulted, so docs/operations.md's configuration
 * table has one counterpart ({@code OperationsDocTest} holds them together); groups with rules of their own are records of their own. Defaults run everything
 * locally: without {@code LB_REDIS_ENDPOINTS} the node starts {@code LB_LOCAL_SHARDS} redis-servers
 * and serves HTTP on loopback only. Defaults are closed: a clustered node needs the event bus's TLS
 * unless {@code LB_CLUSTER_TLS=off} says otherwise.
 *
 * @param adminKeyFile {@code LB_ADMIN_KEY_FILE} (e.g. a mounted Kubernetes Secret); {@code null}:
 *     the node keeps its own in {@code LB_DATA_DIR/admin.key}
 * @param clusterTls the event bus's TLS files; {@code null} on a clustered node only with {@code LB_CLUSTER_TLS=off}
 * @param open whether {@code /metrics} and {@code /openapi.yaml} need no credential
 * @param redisPoolWaiting commands that may wait for a connection to one shard ({@code LB_REDIS_MAX_POOL_WAITING})
 * @param redisAnswerMillis how long a round waits for a shard's answer ({@code LB_REDIS_TIMEOUT_MS})
 * @param redisCluster {@code LB_REDIS_MODE=cluster}: the endpoints are seed nodes of a Redis Cluster
 * @param redisSettleMillis how long a request waits for moving slots or a failover before it answers 503
 * @param redisReplicaWait in cluster mode, the replicas a write waits for ({@code LB_REDIS_WAIT_REPLICAS},
 *     {@code LB_REDIS_WAIT_MS})
 * @param webhooks the delivery lease lasts {@code LB_CLOSE_LEASE_SECONDS} like the close lease
 * @param redisServer {@code LB_REDIS_SERVER}, the redis-server the local shards run; {@code null}: the
 *     shipped one (or {@code -Dleaderboard.redis.server}, which tests use)
 * @param otlpEndpoint {@code LB_OTLP_ENDPOINT}, the OTLP/HTTP receiver traces go to ({@link Tracing});
 *     {@code null}: no traces
 */
public record AppConfig(
    int httpPort,
    Path dataDir,
    List<String> redisEndpoints,
    int localShards,
    int partitions,
    String pgUri,
    boolean cluster,
    List<String> clusterMembers,
    int clusterPort,
    String clusterDns,
    String clusterHost,
    int clusterBusPort,
    ClusterTls clusterTls,
    int friendLimit,
    int adminIntervalSeconds,
    int closeLeaseSeconds,
    EdgeLimits http,
    int redisPoolWaiting,
    long redisAnswerMillis,
    Path adminKeyFile,
    OpenOperations open,
    HttpExposure httpExposure,
    RateLimits rates,
    PlayerTokenSettings players,
    boolean redisCluster,
    long redisSettleMillis,
    ReplicaWait redisReplicaWait,
    StreamSettings streams,
    WebhookSettings webhooks,
    Path redisServer,
    String otlpEndpoint) {

  /** Every variable the app reads; the deployment test checks manifests against this list. */
  public static final Set<String> VARIABLES = Set.of("LB_HTTP_PORT", "LB_DATA_DIR", "LB_REDIS_ENDPOINTS",
      "LB_LOCAL_SHARDS", "LB_PARTITIONS", "LB_PG_URI", "LB_CLUSTER", "LB_CLUSTER_MEMBERS", "LB_CLUSTER_PORT",
      "LB_CLUSTER_DNS", "LB_CLUSTER_HOST", "LB_CLUSTER_BUS_PORT", "LB_CLUSTER_TLS_CERT", "LB_CLUSTER_TLS_KEY",
      "LB_CLUSTER_TLS_CA", "LB_CLUSTER_TLS", "LB_FRIEND_LIMIT", "LB_ADMIN_INTERVAL_SECONDS", "LB_CLOSE_LEASE_SECONDS",
      "LB_HTTP_IDLE_TIMEOUT_SECONDS", "LB_HTTP_HEADER_TIMEOUT_SECONDS", "LB_HTTP_BODY_TIMEOUT_SECONDS",
      "LB_HTTP_MAX_CONNECTIONS", "LB_HTTP_MAX_IN_FLIGHT", "LB_HTTP_TARGET_WAIT_MS", "LB_REDIS_MAX_POOL_WAITING", "LB_REDIS_TIMEOUT_MS", "LB_ADMIN_KEY_FILE",
      "LB_METRICS_OPEN", "LB_OPENAPI_OPEN", "LB_HTTP_HOST", "LB_HTTP_CORS_ORIGINS", "LB_HTTP_DASHBOARD", "LB_RATE_LIMITS", "LB_RATE_READ",
      "LB_RATE_SUBMIT", "LB_RATE_FRIENDS", "LB_RATE_ADMIN", "LB_RATE_PUBLIC", "LB_RATE_MAX_BUCKETS",
      "LB_JWT_HS256_SECRET_FILE", "LB_JWT_JWKS_FILE", "LB_JWT_ISSUER", "LB_JWT_AUDIENCE", "LB_REDIS_MODE",
      "LB_REDIS_CLUSTER_SETTLE_MS", "LB_STREAM_INTERVAL_MS", "LB_STREAM_MAX", "LB_WEBHOOK_TIMEOUT_SECONDS",
      "LB_WEBHOOK_RETRY_FIRST_SECONDS", "LB_WEBHOOK_RETRY_MAX_SECONDS", "LB_REDIS_WAIT_REPLICAS", "LB_REDIS_WAIT_MS",
      "LB_REDIS_SERVER", "LB_OTLP_ENDPOINT");

  public static AppConfig fromEnv(Map<String, String> env) {
    for (String name : env.keySet()) {
      if (name.startsWith("LB_") && !VARIABLES.contains(name)) {
        throw new IllegalArgumentException(name + " is not a known setting (known: " + String.join(", ", VARIABLES.stream().sorted().toList()) + ")");
      }
    }
    return new AppConfig(
        intVar(env, "LB_HTTP_PORT", 8080, 0, 65535),
        Path.of(env.getOrDefault("LB_DATA_DIR", "./data")).toAbsolutePath().normalize(),
        redisEndpoints(env),
        intVar(env, "LB_LOCAL_SHARDS", 4, 1, 64),
        intVar(env, "LB_PARTITIONS", 8, 1, 1024),
        pgUri(env),
        onOff(env, "LB_CLUSTER", false),
        listVar(env, "LB_CLUSTER_MEMBERS"),
        intVar(env, "LB_CLUSTER_PORT", 5701, 1, 65535),
        blankToNull(env.get("LB_CLUSTER_DNS")),
        ipLiteral(env, "LB_CLUSTER_HOST"),
        intVar(env, "LB_CLUSTER_BUS_PORT", 0, 0, 65535),
        clusterTls(env, onOff(env, "LB_CLUSTER", false)),
        intVar(env, "LB_FRIEND_LIMIT", 5000, 1, 100_000),
        intVar(env, "LB_ADMIN_INTERVAL_SECONDS", 15, 1, 3600),
        intVar(env, "LB_CLOSE_LEASE_SECONDS", 30, 1, 3600),
        HttpSettings.limits(env),
        intVar(env, "LB_REDIS_MAX_POOL_WAITING", RedisPool.of(NodeStore.POOL_SIZE).maxWaiting(), 0, 1_000_000),
        intVar(env, "LB_REDIS_TIMEOUT_MS", (int) RedisPool.ANSWER_MILLIS, 100, 600_000),
        pathVar(env, "LB_ADMIN_KEY_FILE"),
        new OpenOperations(onOff(env, "LB_METRICS_OPEN", true), onOff(env, "LB_OPENAPI_OPEN", true)),
        HttpSettings.exposure(env),
        HttpSettings.rateLimits(env),
        HttpSettings.playerTokens(env),
        redisCluster(env),
        intVar(env, "LB_REDIS_CLUSTER_SETTLE_MS", (int) RedisTopology.DEFAULT_SETTLE_MILLIS, 0, 600_000),
        replicaWait(env),
        StreamSettings.DEFAULTS.with(Duration.ofMillis(intVar(env, "LB_STREAM_INTERVAL_MS", 100, 10, 60_000)),
            intVar(env, "LB_STREAM_MAX", StreamSettings.DEFAULTS.maxStreams(), 0, 1_000_000)),
        webhooks(env),
        redisServer(env),
        otlpEndpoint(env));
  }

  /** {@code LB_OTLP_ENDPOINT}: the base URI of an OTLP/HTTP receiver ({@code http://collector:4318}), or unset. */
  private static String otlpEndpoint(Map<String, String> env) {
    String uri = trimmed(env, "LB_OTLP_ENDPOINT");
    if (uri != null) {
      SecretUris.check("LB_OTLP_ENDPOINT", uri, Set.of("http", "https"), true);
    }
    return uri;
  }

  /** {@code LB_REDIS_SERVER}: used only by the local shards, so it makes no sense with external Redis. */
  private static Path redisServer(Map<String, String> env) {
    Path server = pathVar(env, "LB_REDIS_SERVER");
    if (server != null && !listVar(env, "LB_REDIS_ENDPOINTS").isEmpty()) {
      throw new IllegalArgumentException("LB_REDIS_SERVER picks the redis-server of the local shards, which a node"
          + " with LB_REDIS_ENDPOINTS does not start: unset one of them");
    }
    return server;
  }

  /** {@code LB_REDIS_MODE}: {@code standalone} (the default) or {@code cluster}, which needs seed endpoints. */
  private static boolean redisCluster(Map<String, String> env) {
    String mode = blankToNull(env.get("LB_REDIS_MODE"));
    if (mode == null || mode.trim().equalsIgnoreCase("standalone")) {
      return false;
    }
    if (!mode.trim().equalsIgnoreCase("cluster")) {
      throw new IllegalArgumentException("LB_REDIS_MODE must be standalone or cluster (got '" + mode + "')");
    }
    if (listVar(env, "LB_REDIS_ENDPOINTS").isEmpty()) {
      throw new IllegalArgumentException("LB_REDIS_MODE=cluster needs LB_REDIS_ENDPOINTS, the cluster's seed nodes"
          + " (the shards a node starts for itself are standalone)");
    }
    return true;
  }

  /**
   * {@code LB_REDIS_WAIT_REPLICAS} (unset: 1 when the cluster's masters have replicas, else 0) and
   * {@code LB_REDIS_WAIT_MS}; cluster mode only, since standalone shards are not replicated by the node.
   */
  private static ReplicaWait replicaWait(Map<String, String> env) {
    boolean set = blankToNull(env.get("LB_REDIS_WAIT_REPLICAS")) != null || blankToNull(env.get("LB_REDIS_WAIT_MS")) != null;
    if (set && !redisCluster(env)) {
      throw new IllegalArgumentException("LB_REDIS_WAIT_REPLICAS and LB_REDIS_WAIT_MS need LB_REDIS_MODE=cluster"
          + " (the node waits for a Redis Cluster master's replicas only)");
    }
    return new ReplicaWait(intVar(env, "LB_REDIS_WAIT_REPLICAS", ReplicaWait.AUTO, 0, 16),
        intVar(env, "LB_REDIS_WAIT_MS", (int) ReplicaWait.DEFAULT_MILLIS, 1, 60_000));
  }

  /** How the node's services reach Redis: standalone endpoints or a cluster's seed nodes. */
  public RedisTopology redis() {
    return redisCluster ? RedisTopology.cluster(redisEndpoints, redisSettleMillis, redisReplicaWait)
        : RedisTopology.standalone(redisEndpoints);
  }

  private static WebhookSettings webhooks(Map<String, String> env) {
    WebhookSettings d = WebhookSettings.DEFAULT;
    long first = intVar(env, "LB_WEBHOOK_RETRY_FIRST_SECONDS", (int) (d.firstRetryMillis() / 1000), 1, 3600) * 1000L;
    long max = intVar(env, "LB_WEBHOOK_RETRY_MAX_SECONDS", (int) (d.maxRetryMillis() / 1000), 1, 86_400) * 1000L;
    if (max < first) {
      throw new IllegalArgumentException("LB_WEBHOOK_RETRY_MAX_SECONDS must be at least LB_WEBHOOK_RETRY_FIRST_SECONDS");
    }
    return new WebhookSettings(first, max,
        intVar(env, "LB_WEBHOOK_TIMEOUT_SECONDS", (int) (d.timeoutMillis() / 1000), 1, 300) * 1000L,
        intVar(env, "LB_CLOSE_LEASE_SECONDS", 30, 1, 3600) * 1000L);
  }

  public AppConfig withRedisEndpoints(List<String> endpoints) {
    return new AppConfig(httpPort, dataDir, endpoints, localShards, partitions, pgUri, cluster, clusterMembers, clusterPort,
        clusterDns, clusterHost, clusterBusPort, clusterTls, friendLimit, adminIntervalSeconds, closeLeaseSeconds, http,
        redisPoolWaiting, redisAnswerMillis, adminKeyFile, open, httpExposure, rates, players, redisCluster, redisSettleMillis, redisReplicaWait, streams, webhooks,
        redisServer, otlpEndpoint);
  }

  public AppConfig withPgUri(String uri) {
    return new AppConfig(httpPort, dataDir, redisEndpoints, localShards, partitions, uri, cluster, clusterMembers,
        clusterPort, clusterDns, clusterHost, clusterBusPort, clusterTls, friendLimit, adminIntervalSeconds, closeLeaseSeconds, http,
        redisPoolWaiting, redisAnswerMillis, adminKeyFile, open, httpExposure, rates, players, redisCluster, redisSettleMillis, redisReplicaWait, streams, webhooks,
        redisServer, otlpEndpoint);
  }

  /** What a log may show of this configuration: endpoints and the archive URI without their passwords. */
  @Override
  public String toString() {
    return "AppConfig[httpPort=" + httpPort + ", httpExposure=" + httpExposure + ", dataDir=" + dataDir
        + ", redisEndpoints=" + redisEndpoints.stream().map(SecretUris::redact).toList() + ", localShards=" + localShards
        + ", partitions=" + partitions + ", pgUri=" + (pgUri == null ? null : SecretUris.redact(pgUri))
        + ", cluster=" + cluster + ", clusterMembers=" + clusterMembers + ", clusterPort=" + clusterPort
        + ", clusterDns=" + clusterDns + ", clusterHost=" + clusterHost + ", clusterBusPort=" + clusterBusPort
        + ", clusterTls=" + clusterTls + ", friendLimit=" + friendLimit + ", adminIntervalSeconds=" + adminIntervalSeconds
        + ", closeLeaseSeconds=" + closeLeaseSeconds + ", http=" + http + ", redisPoolWaiting=" + redisPoolWaiting
        + ", redisAnswerMillis=" + redisAnswerMillis + ", adminKeyFile=" + adminKeyFile + ", open=" + open + ", rates=" + rates + ", players=" + players
        + ", redisMode=" + (redisCluster ? "cluster" : "standalone") + ", redisSettleMillis=" + redisSettleMillis
        + ", redisReplicaWait=" + redisReplicaWait
        + ", streams=" + streams + ", webhooks=" + webhooks + ", redisServer=" + redisServer
        + ", otlpEndpoint=" + (otlpEndpoint == null ? null : SecretUris.redact(otlpEndpoint)) + "]";
  }

  /** Redis endpoint URIs ({@code redis://[[user]:password@]host:port}); an error names the entry, never its text. */
  private static List<String> redisEndpoints(Map<String, String> env) {
    List<String> endpoints = listVar(env, "LB_REDIS_ENDPOINTS");
    for (int i = 0; i < endpoints.size(); i++) {
      SecretUris.check("LB_REDIS_ENDPOINTS entry " + (i + 1), endpoints.get(i), Set.of("redis", "rediss"), true);
    }
    return endpoints;
  }

  /** The archive's URI ({@code postgresql://user:password@host:port/database}); an error never quotes it. */
  private static String pgUri(Map<String, String> env) {
    String uri = blankToNull(env.get("LB_PG_URI"));
    if (uri != null) {
      SecretUris.check("LB_PG_URI", uri.trim(), Set.of("postgresql", "postgres"), false);
      try {
        PgConnectOptions.fromUri(uri.trim());
      } catch (RuntimeException e) {
        // the client's message quotes the URI, password and all
        throw new IllegalArgumentException("LB_PG_URI is not a URI the PostgreSQL client takes"
            + " (postgresql://user:password@host:port/database[?parameters])");
      }
    }
    return uri == null ? null : uri.trim();
  }

  /**
   * The event bus's TLS files: all three variables or none. A clustered node without them does not
   * start unless {@code LB_CLUSTER_TLS=off} (then {@code null}): in the clear, any process that joins
   * the cluster can call every service. Whether the files can be read is checked when the node
   * starts ({@link ClusterTls#apply}).
   */
  private static ClusterTls clusterTls(Map<String, String> env, boolean clustered) {
    List<String> names = List.of("LB_CLUSTER_TLS_CERT", "LB_CLUSTER_TLS_KEY", "LB_CLUSTER_TLS_CA");
    List<String> missing = names.stream().filter(n -> blankToNull(env.get(n)) == null).toList();
    boolean required = onOff(env, "LB_CLUSTER_TLS", true);
    if (missing.size() == names.size()) {
      if (clustered && required) {
        throw new IllegalArgumentException("LB_CLUSTER=on needs TLS on the event bus: set LB_CLUSTER_TLS_CERT,"
            + " LB_CLUSTER_TLS_KEY and LB_CLUSTER_TLS_CA (deploy/cluster-tls.sh makes them), or LB_CLUSTER_TLS=off"
            + " to run the event bus in the clear, where any process that joins the cluster can call every service");
      }
      return null;
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(String.join(", ", names) + " go together: set all three (missing: "
          + String.join(", ", missing) + ")");
    }
    if (!required) {
      throw new IllegalArgumentException("LB_CLUSTER_TLS=off contradicts LB_CLUSTER_TLS_CERT, LB_CLUSTER_TLS_KEY and"
          + " LB_CLUSTER_TLS_CA: unset those three, or LB_CLUSTER_TLS");
    }
    return new ClusterTls(Path.of(env.get(names.get(0)).trim()), Path.of(env.get(names.get(1)).trim()),
        Path.of(env.get(names.get(2)).trim()));
  }

}
