package dev.leaderboard.bench;

import dev.leaderboard.app.AppConfig;
import dev.leaderboard.app.LeaderboardApp;
import dev.leaderboard.core.Board;
import dev.leaderboard.embedded.LocalRedisCluster;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.dispatch.RedisPool;
import dev.leaderboard.store.dispatch.RedisTopology;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The HTTP cases of {@link HttpBenchmark} on a node over a local Redis Cluster of 3 masters (a board of
 * 16 partitions, one key set each), beside a node on 4 standalone shards (the default board of 8
 * partitions, one key set per shard) and the bare Vert.x endpoint on one sorted set of standalone
 * shard 0, all in one run on the same machine; then the Redis commands an answer costs on each.
 * Load from {@code wrk}, CPU per answer of the JVM (both nodes and the bare endpoint share it), of all
 * seven Redis processes and of wrk.
 *
 * <p>Usage: {@code ClusterHttpBenchmark [members=1000000] [seconds=6]}; needs {@code wrk} and
 * {@code /usr/bin/time}. See docs/benchmarks.md.
 */
public final class ClusterHttpBenchmark {
  private static final int SHARDS = 4;
  private static final int MASTERS = 3;
  private static final int CONNECTIONS = 64;
  private static final String MAIN = "main";
  private static final String BARE_KEY = "bench:bare";
  private static final String STANDALONE = "node, 4 standalone shards, 8 partitions";
  private static final String CLUSTER = "node, Redis Cluster of 3 masters, 16 partitions";
  private static final String BARE = "bare Vert.x";

  private ClusterHttpBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Wrk.requireInstalled();
    int members = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
    double warmup = Math.max(1, Math.round(seconds / 2.0));
    Path dir = Files.createTempDirectory("leaderboard-cluster-http-bench");
    Report report = new Report();
    long t0 = System.nanoTime();
    try (LocalRedisShards redis = LocalRedisShards.start(dir.resolve("shards"), SHARDS);
        LocalRedisCluster cluster = LocalRedisCluster.start(dir.resolve("cluster"), MASTERS, 0, Duration.ofSeconds(5))) {
      int standalonePort = Local.freePort();
      LeaderboardApp standalone = HttpBenchmark.node(redis, dir.resolve("standalone-node"), standalonePort, Map.of());
      int clusterPort = Local.freePort();
      LeaderboardApp onCluster = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_REDIS_MODE", "cluster",
          "LB_REDIS_ENDPOINTS", String.join(",", cluster.seeds()), "LB_HTTP_PORT", Integer.toString(clusterPort),
          "LB_DATA_DIR", dir.resolve("cluster-node").toString(), "LB_RATE_LIMITS", "off",
          "LB_ADMIN_KEY_FILE", standalone.adminKeyFile().toString())), Clock.systemUTC()).await();
      Vertx bare = Vertx.vertx();
      Vertx bench = Vertx.vertx();
      try {
        int barePort = Local.freePort();
        bare.deployVerticle(() -> new BareEndpoint(barePort, redis.endpoints().get(0), BARE_KEY),
            new DeploymentOptions().setInstances(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()))))
            .await();
        String authorization = "Bearer " + Files.readString(standalone.adminKeyFile()).strip();
        RedisPool pool = RedisPool.of(16);
        Shards shardsSide = Shards.connect(bench, RedisTopology.standalone(redis.endpoints()), pool);
        Shards clusterSide = Shards.connect(bench, RedisTopology.cluster(cluster.seeds(),
            RedisTopology.DEFAULT_SETTLE_MILLIS), pool);
        // INFO goes to each master as to a standalone server: it names no key
        Shards masters = Shards.connect(bench, RedisTopology.standalone(cluster.seeds()), pool);
        HttpClient http = bench.createHttpClient();
        RedisNodes shardNodes = new RedisNodes(shardsSide, SHARDS);
        RedisNodes masterNodes = new RedisNodes(masters, MASTERS);

        report.section("setup");
        Board onShards = new BoardAdmin(http, standalonePort, shardsSide, authorization).create(MAIN, new JsonObject());
        Board onMasters = new BoardAdmin(http, clusterPort, clusterSide, authorization).create(MAIN,
            new JsonObject().put("partitions", 16));
        long t = System.nanoTime();
        new BoardLoader(shardsSide).load(onShards, members, 1, BARE_KEY);
        new BoardLoader(clusterSide).load(onMasters, members, 1, null);
        report.line("%,d members on both boards and the bare set (pipelined ZADDs): %.0f s; machine: %d cores, JDK %s, "
            + "redis-server %s x %d standalone, x %d cluster masters", members, (System.nanoTime() - t) / 1e9,
            Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), shardNodes.version(), SHARDS,
            MASTERS);
        shardNodes.rewriteAof();
        masterNodes.rewriteAof();

        long jvm = ProcessHandle.current().pid();
        Runnable settle = () -> {
          shardNodes.settle();
          masterNodes.settle();
        };
        Contest contest = new Contest(settle, new CpuMeter(redisPids(dir)), new Wrk(dir));
        Map<String, LoadSpec> cases = cases(standalonePort, members, authorization);
        for (LoadSpec spec : cases.values()) {
          for (Target target : targets(spec, jvm, clusterPort, barePort)) {
            contest.unmeasured(target, warmup);
          }
        }
        report.section("HTTP on a Redis Cluster beside standalone shards (" + members + " members, " + CONNECTIONS
            + " connections, wrk)");
        report.line("| case | target | req/s | p50 ms | p99 ms | non-2xx | CPU ms per answer: server / Redis / wrk "
            + "| vs bare | vs standalone |");
        report.line("|---|---|---:|---:|---:|---:|---|---:|---:|");
        cases.forEach((name, spec) -> {
          Map<String, WrkResult> r = contest.run(targets(spec, jvm, clusterPort, barePort), warmup, seconds);
          r.forEach((target, x) -> report.line("| %s | %s | %,.0f | %.2f | %.2f | %d | %s | %.2fx | %.2fx |%s", name,
              target, x.perSecond(), x.p50Ms(), x.p99Ms(), x.non2xx(), x.cpuPerAnswer(),
              x.perSecond() / r.get(BARE).perSecond(), x.perSecond() / r.get(STANDALONE).perSecond(), x.errors()));
        });
        report.section("Redis commands per answer (INFO commandstats, " + seconds / 2 + " s runs)");
        report.line("| case | target | Redis µs per answer | top commands: calls / µs per answer |");
        report.line("|---|---|---:|---|");
        cases.forEach((name, spec) -> {
          List<Target> nodes = targets(spec, jvm, clusterPort, barePort).subList(0, 2);
          report.line("| %s | %s | %s |", name, nodes.get(0).label(), commandCosts(contest, nodes.get(0), shardNodes,
              seconds / 2.0));
          report.line("| %s | %s | %s |", name, nodes.get(1).label(), commandCosts(contest, nodes.get(1), masterNodes,
              seconds / 2.0));
        });
        shardsSide.close();
        clusterSide.close();
        masters.close();
      } finally {
        bench.close().await();
        bare.close().await();
        onCluster.stop().await();
        standalone.stop().await();
      }
    } finally {
      Local.deleteTree(dir);
    }
    System.out.println();
    System.out.println("==================== all figures ====================");
    System.out.print(report.text());
    System.out.printf("benchmark took %.0f s%n", (System.nanoTime() - t0) / 1e9);
  }

  /** The cases of {@link HttpBenchmark} on the standalone node's port; the other targets take the same specs on theirs. */
  private static Map<String, LoadSpec> cases(int port, int members, String authorization) {
    Map<String, LoadSpec> cases = new LinkedHashMap<>();
    cases.put("submit with rank", spec(LoadSpec.Kind.SUBMIT, port, members, authorization).withRank(true));
    cases.put("a user's rank", spec(LoadSpec.Kind.USER, port, members, authorization));
    cases.put("top 10 page", spec(LoadSpec.Kind.TOP, port, members, authorization));
    cases.put("around-me (limit 11)", spec(LoadSpec.Kind.AROUND, port, members, authorization));
    cases.put("submit without rank (?rank=false)", spec(LoadSpec.Kind.SUBMIT, port, members, authorization)
        .withRank(false));
    return cases;
  }

  private static LoadSpec spec(LoadSpec.Kind kind, int port, int members, String authorization) {
    return LoadSpec.of(kind, port, MAIN, members, CONNECTIONS).withAuthorization(authorization);
  }

  private static List<Target> targets(LoadSpec spec, long jvm, int clusterPort, int barePort) {
    return List.of(new Target(STANDALONE, jvm, spec), new Target(CLUSTER, jvm, spec.withPort(clusterPort)),
        new Target(BARE, jvm, spec.withPort(barePort)));
  }

  /** One run of {@code target} between two readings of {@code INFO commandstats} of its Redis nodes. */
  private static String commandCosts(Contest contest, Target target, RedisNodes nodes, double seconds) {
    Map<String, long[]> before = nodes.commandStats();
    WrkResult r = contest.measured(target, seconds);
    RedisNodes.Costs costs = RedisNodes.costs(before, nodes.commandStats(), r.answers());
    return String.format(Locale.ROOT, "%.1f | %s", costs.usecPerAnswer(), costs.top());
  }

  /** Every redis-server under {@code dir}: the standalone shards' and the cluster's. */
  private static List<Long> redisPids(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir, 4)) {
      List<Long> pids = new ArrayList<>();
      for (Path p : files.filter(f -> f.getFileName().toString().equals("redis.pid")).toList()) {
        pids.add(Long.parseLong(Files.readString(p).trim()));
      }
      return pids;
    }
  }
}
