package dev.leaderboard.bench;

import dev.leaderboard.store.scripts.StoreScripts;
import dev.leaderboard.store.profiles.ProfileStore;
import dev.leaderboard.api.HttpApiVerticle;
import dev.leaderboard.app.AppConfig;
import dev.leaderboard.app.LeaderboardApp;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Partitioner;
import dev.leaderboard.embedded.LocalRedisShards;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.dispatch.Route;
import dev.leaderboard.store.dispatch.Shards;
import dev.leaderboard.store.scores.ScoreStore;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.json.JsonObject;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import jdk.jfr.Recording;

/**
 * The HTTP benchmark, load from {@code wrk} ({@link Wrk}): a full node on the default board and on a
 * 1-partition board, a bare Vert.x endpoint on one sorted set ({@link BareEndpoint}) and a Node.js
 * server over the npm library {@code redis-rank} on one sorted set ({@link RankServer}), all on the
 * same 4 local shards, case by case; plus Redis memory, a connections sweep and a burst at 200 and
 * 1,000 connections ({@link BurstCase}), the cost of credentials, a JFR profile, batch ingest against
 * raw store calls, rank latency at 10 thousand and 10 million members and memory per event ID.
 *
 * <p>Usage: {@code HttpBenchmark [members=1000000] [seconds=10] [largeMembers=10000000]}, or
 * {@code HttpBenchmark burst [members=100000] [seconds=10]}; every measured run lasts {@code seconds}
 * after a warm-up run of half as long. Needs {@code wrk} on the PATH and {@code /usr/bin/time}
 * ({@code apt-get install wrk time}); {@code node} and {@code npm} for the Node.js baseline, which is
 * left out (with the reason) when they are missing. See docs/benchmarks.md. Runs on the main thread.
 */
public final class HttpBenchmark {
  private static final int SHARDS = 4;
  private static final int CONNECTIONS = 64;
  private static final String MAIN = "main";
  private static final String SINGLE = "p1";
  /** The same members on 16 partitions: how the node's cost grows with a board's partitions. */
  private static final String WIDE = "p16";
  private static final String BARE_KEY = "bench:bare";
  private static final String NODE_KEY = "bench:redis-rank";
  private static final String SUBMIT_WITH_RANK = "submit with rank";

  private final Report report = new Report();
  private final Shards shards;
  private final ScoreStore store;
  private final RedisNodes nodes;
  private final BoardAdmin boards;
  private final String authorization;
  private final long jvm = ProcessHandle.current().pid();
  private final Servers servers;
  private final int members;
  private final double seconds;
  private final double warmup;
  private final Contest contest;
  private final CpuMeter meter;
  private final SplittableRandom pick = new SplittableRandom(3);
  private int mainPartitions;

  /**
   * The servers under load: ports of the node, of the same node's API without the access check, of
   * a second node without load shedding and of the bare endpoint; the Node.js baseline, or why it
   * is not there.
   */
  private record Servers(int port, int openPort, int unboundedPort, int barePort, int nodePort, RankServer node,
      String nodeMissing) {
  }

  private HttpBenchmark(Shards shards, HttpClient admin, String authorization, Servers servers, int members,
      double seconds, List<Long> redisPids, Path dir) {
    this.shards = shards;
    this.store = new ScoreStore(shards);
    this.nodes = new RedisNodes(shards, SHARDS);
    this.authorization = authorization;
    this.boards = new BoardAdmin(admin, servers.port(), shards, authorization);
    this.servers = servers;
    this.members = members;
    this.seconds = seconds;
    this.warmup = Math.max(1, Math.round(seconds / 2));
    this.meter = new CpuMeter(redisPids);
    this.contest = new Contest(nodes::settle, meter, new Wrk(dir));
  }

  public static void main(String[] args) throws Exception {
    Wrk.requireInstalled();
    boolean burstOnly = args.length > 0 && args[0].equals("burst");
    boolean quick = args.length > 0 && args[0].equals("quick");
    boolean ingestOnly = args.length > 0 && args[0].equals("ingest");
    boolean profilesOnly = args.length > 0 && args[0].equals("profiles");
    String[] a = burstOnly || quick || ingestOnly || profilesOnly ? Arrays.copyOfRange(args, 1, args.length) : args;
    int members = a.length > 0 ? Integer.parseInt(a[0]) : burstOnly ? 100_000 : 1_000_000;
    int seconds = a.length > 1 ? Integer.parseInt(a[1]) : 10;
    int large = a.length > 2 ? Integer.parseInt(a[2]) : 10_000_000;
    Path dir = Files.createTempDirectory("leaderboard-http-bench");
    long t0 = System.nanoTime();
    try (LocalRedisShards redis = LocalRedisShards.start(dir, SHARDS)) {
      int port = Local.freePort();
      LeaderboardApp app = node(redis, dir, port, Map.of());
      // the same node without load shedding: no in-flight limit, and room for 100,000 waiting commands per shard;
      // it accepts the first node's admin key
      int unboundedPort = Local.freePort();
      LeaderboardApp unbounded = node(redis, dir.resolve("unbounded"), unboundedPort,
          Map.of("LB_HTTP_MAX_IN_FLIGHT", "1000000", "LB_REDIS_MAX_POOL_WAITING", "100000",
              "LB_ADMIN_KEY_FILE", app.adminKeyFile().toString()));
      Vertx bare = Vertx.vertx();
      Vertx bench = Vertx.vertx();
      RankServer rankServer = null;
      try {
        // chosen once the node's own servers have taken theirs
        int barePort = Local.freePort();
        DeploymentOptions instances = new DeploymentOptions()
            .setInstances(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
        bare.deployVerticle(() -> new BareEndpoint(barePort, redis.endpoints().get(0), BARE_KEY), instances).await();
        // the node's API once more, on the node's own services, without the access check
        int openPort = Local.freePort();
        app.vertx().deployVerticle(() -> new HttpApiVerticle(HttpApiVerticle.Options.of(openPort).withoutCredentials()), instances).await();
        int nodePort = Local.freePort();
        String nodeMissing = null;
        try {
          rankServer = RankServer.start(dir.resolve("rank-server"), nodePort, redis.endpoints().get(0), NODE_KEY);
        } catch (IOException | IllegalStateException e) {
          nodeMissing = e.getMessage();
          System.out.println("the Node.js baseline is left out: " + nodeMissing);
        }
        String authorization = "Bearer " + Files.readString(app.adminKeyFile()).strip();
        Shards shards = Shards.connect(bench, redis.endpoints(), 16);
        shards.loadScripts(StoreScripts.ALL).await();
        HttpBenchmark benchmark = new HttpBenchmark(shards, bench.createHttpClient(), authorization,
            new Servers(port, openPort, unboundedPort, barePort, nodePort, rankServer, nodeMissing), members, seconds,
            redisPids(dir), dir);
        if (burstOnly) {
          benchmark.burstOnly();
        } else if (quick) {
          benchmark.quick();
        } else if (ingestOnly) {
          benchmark.ingestOnly();
        } else if (profilesOnly) {
          benchmark.profilesOnly();
        } else {
          benchmark.run(large);
        }
        shards.close();
      } finally {
        if (rankServer != null) {
          rankServer.close();
        }
        bare.close().await();
        bench.close().await();
        unbounded.stop().await();
        app.stop().await();
      }
    } finally {
      Local.deleteTree(dir);
    }
    System.out.printf("benchmark took %.0f s%n", (System.nanoTime() - t0) / 1e9);
  }

  /** A node on the shards with its HTTP API on {@code port}, embedded PostgreSQL under {@code dataDir}. */
  static LeaderboardApp node(LocalRedisShards redis, Path dataDir, int port, Map<String, String> settings) {
    Map<String, String> env = new LinkedHashMap<>(settings);
    env.put("LB_REDIS_ENDPOINTS", String.join(",", redis.endpoints()));
    env.put("LB_HTTP_PORT", Integer.toString(port));
    env.put("LB_DATA_DIR", dataDir.toString());
    // one key sends the whole load: measure the node, not the per-key rate limits
    env.put("LB_RATE_LIMITS", "off");
    return LeaderboardApp.start(AppConfig.fromEnv(env), Clock.systemUTC()).await();
  }

  /** The burst and the connections sweep behind the in-flight limit, on one board of {@code members}. */
  private void burstOnly() {
    report.section("setup");
    report.line("%s", machine());
    Board main = board(MAIN, new JsonObject());
    timed("load " + MAIN + " and the bare sorted set", members, () -> new BoardLoader(shards).load(main, members, 1, BARE_KEY));
    warmUp(List.of(cases().get(SUBMIT_WITH_RANK)));
    burst();
    printAll();
  }

  /**
   * The comparison alone, for the cases whose names contain one of {@code -Dbench.cases} (comma-separated;
   * all when unset), then the JFR recording: for measuring one change without the whole run.
   */
  private void quick() throws IOException {
    try (Recording jfrStarted = new Recording()) {
      jfrStarted.start();
      report.section("setup");
      report.line("%s", machine());
      Board main = board(MAIN, new JsonObject());
      Board single = board(SINGLE, new JsonObject().put("partitions", 1));
      mainPartitions = main.partitions();
      timed("load " + MAIN + " and the bare sorted set", members, () -> new BoardLoader(shards).load(main, members, 1, BARE_KEY));
      timed("load " + SINGLE, members, () -> new BoardLoader(shards).load(single, members, 1, null));
      Board wide = board(WIDE, new JsonObject().put("partitions", 16));
      timed("load " + WIDE, members, () -> new BoardLoader(shards).load(wide, members, 1, null));
      shards.send(Route.META, Request.cmd(Command.COPY).arg(BARE_KEY).arg(NODE_KEY)).await();
      nodes.rewriteAof();
      warmUp(cases().values());
      comparison();
      commandCosts();
      profile(Path.of(System.getProperty("bench.jfr",
          Path.of(System.getProperty("java.io.tmpdir"), "http-bench-submit.jfr").toString())));
      printAll();
    }
  }

  /** Batch ingest and memory alone, on the default board: for comparing one change's writes and memory. */
  private void ingestOnly() {
    report.section("setup");
    report.line("%s", machine());
    Board main = board(MAIN, new JsonObject());
    mainPartitions = main.partitions();
    timed("load " + MAIN + " and the bare sorted set", members, () -> new BoardLoader(shards).load(main, members, 1, BARE_KEY));
    boardMemory(main);
    nodes.rewriteAof();
    ingest(main);
    eventIdMemory();
    printAll();
  }

  /**
   * A page of 100 on the default board without profiles, then with a profile stored for every member
   * (so each page joins 100 profiles), on the same node in the same run: what the profile join costs.
   */
  private void profilesOnly() {
    report.section("setup");
    report.line("%s", machine());
    Board main = board(MAIN, new JsonObject());
    mainPartitions = main.partitions();
    timed("load " + MAIN, members, () -> new BoardLoader(shards).load(main, members, 1, null));
    LoadSpec page = ours(LoadSpec.Kind.PAGE_100, MAIN, members, CONNECTIONS);
    Target node = new Target("node, " + mainPartitions + " partitions", jvm, page);
    warmUp(List.of(page));
    WrkResult without = contest.run(List.of(node), warmup, seconds).get(node.label());
    ProfileStore profiles = new ProfileStore(shards);
    timed("a profile stored for every member", members, () -> {
      List<Future<Void>> flight = new ArrayList<>();
      for (int u = 0; u < members; u++) {
        flight.add(profiles.put("u" + u, new JsonObject().put("displayName", "Player " + u).put("country", "DE")
            .put("avatarUrl", "https://cdn.example.com/a/" + u + ".png").encode()));
        if (flight.size() == 256 || u == members - 1) {
          Future.all(flight).await();
          flight.clear();
        }
      }
    });
    warmUp(List.of(page));
    WrkResult with = contest.run(List.of(node), warmup, seconds).get(node.label());
    report.section("a page of 100 (GET /entries?limit=100, " + CONNECTIONS + " connections, wrk) without and with profiles");
    report.line("| page of 100 | req/s | p50 ms | p99 ms | non-2xx | CPU ms per answer: server / shards / wrk |");
    report.line("|---|---:|---:|---:|---:|---|");
    report.line("| without profiles | %,.0f | %.2f | %.2f | %d | %s |", without.perSecond(), without.p50Ms(),
        without.p99Ms(), without.non2xx(), without.cpuPerAnswer());
    report.line("| every member with a profile | %,.0f | %.2f | %.2f | %d | %s |", with.perSecond(), with.p50Ms(),
        with.p99Ms(), with.non2xx(), with.cpuPerAnswer());
    report.line("cost of a page with profiles / without: %.2fx (time per answer at full load; target 1.2x)",
        without.perSecond() / with.perSecond());
    printAll();
  }

  /** The connections sweep on the node without limits, then the burst against three targets. */
  private void burst() {
    BurstCase burst = new BurstCase(contest, report, cases().get(SUBMIT_WITH_RANK), jvm, servers.unboundedPort(),
        servers.barePort());
    burst.sweep(Math.max(1, Math.round(seconds / 2)));
    burst.burst(warmup, seconds);
    burst.mixed(warmup, seconds);
  }

  private void run(int large) throws IOException {
    // JFR instruments JDK classes when it first starts, which throws away compiled code; started now,
    // before the warm-up, the profile later sees a warm JVM
    try (Recording jfrStarted = new Recording()) {
      jfrStarted.start();
      measure(large);
    }
  }

  private void measure(int large) throws IOException {
    report.section("setup");
    report.line("%s", machine());
    Board main = board(MAIN, new JsonObject());
    Board single = board(SINGLE, new JsonObject().put("partitions", 1));
    mainPartitions = main.partitions();
    report.line("board %s: %d partitions (the node's default), denseRanks %s, rankOnSubmit %s, dedupeSeconds %d; "
        + "boards %s and %s: the same with 1 and 16 partitions", MAIN, main.partitions(), main.denseRanks(),
        main.rankOnSubmit(), main.dedupeSeconds(), SINGLE, WIDE);
    timed("load " + MAIN + " and the bare sorted set", members, () -> new BoardLoader(shards).load(main, members, 1, BARE_KEY));
    timed("load " + SINGLE, members, () -> new BoardLoader(shards).load(single, members, 1, null));
    Board wide = board(WIDE, new JsonObject().put("partitions", 16));
    timed("load " + WIDE, members, () -> new BoardLoader(shards).load(wide, members, 1, null));
    shards.send(Route.META, Request.cmd(Command.COPY).arg(BARE_KEY).arg(NODE_KEY)).await();
    boardMemory(main);
    Board small = board("g10k", new JsonObject());
    timed("load g10k", 10_000, () -> new BoardLoader(shards).load(small, 10_000, 2, null));
    Board big = board("g10m", new JsonObject());
    timed("load g10m", large, () -> new BoardLoader(shards).load(big, large, 2, null));
    long t = System.nanoTime();
    nodes.rewriteAof();
    report.line("AOF rewrite after loading: %.1f s; Redis used_memory now %,d MB", (System.nanoTime() - t) / 1e9,
        nodes.usedMemory() >> 20);

    warmUp(cases().values());
    comparison();
    commandCosts();
    burst();
    credentials();
    profile(Path.of(System.getProperty("bench.jfr",
        Path.of(System.getProperty("java.io.tmpdir"), "http-bench-submit.jfr").toString())));
    ingest(main);
    rankGrowth(small, big);
    eventIdMemory();
    printAll();
  }

  private void printAll() {
    System.out.println();
    System.out.println("==================== all figures ====================");
    System.out.print(report.text());
  }

  private String machine() {
    return String.format(Locale.ROOT, "machine: %d cores, %s; JDK %s; redis-server %s x %d; %s; load: wrk, %d threads, "
        + "%d connections; each measured run %.0f s after a warm-up run of %.0f s",
        Runtime.getRuntime().availableProcessors(), memTotal(), System.getProperty("java.version"), nodes.version(),
        SHARDS, servers.node() == null ? "no Node.js baseline (" + servers.nodeMissing() + ")" : "node "
        + command("node", "--version"), Contest.WRK_THREADS, CONNECTIONS, seconds, warmup);
  }

  /** A load case on the node, with its admin key. */
  private LoadSpec ours(LoadSpec.Kind kind, String board, int users, int connections) {
    return LoadSpec.of(kind, servers.port(), board, users, connections).withAuthorization(authorization);
  }

  /**
   * The cases of the comparison, on the node's default board; the other targets serve the same
   * specs on their own ports and boards (the bare endpoint and the Node.js server ignore the board
   * name and the Authorization header).
   */
  private Map<String, LoadSpec> cases() {
    Map<String, LoadSpec> cases = new LinkedHashMap<>();
    cases.put(SUBMIT_WITH_RANK, ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS).withRank(true));
    cases.put("a user's rank", ours(LoadSpec.Kind.USER, MAIN, members, CONNECTIONS));
    cases.put("top 10 page", ours(LoadSpec.Kind.TOP, MAIN, members, CONNECTIONS));
    cases.put("around-me (limit 11)", ours(LoadSpec.Kind.AROUND, MAIN, members, CONNECTIONS));
    cases.put("submit without rank (?rank=false)", ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS).withRank(false));
    String only = System.getProperty("bench.cases");
    if (only != null) {
      List<String> wanted = List.of(only.split(","));
      cases.keySet().removeIf(name -> wanted.stream().noneMatch(name::contains));
    }
    return cases;
  }

  /** The four targets of a case: the node on both boards, the bare endpoint, the Node.js server. */
  private List<Target> targets(LoadSpec spec) {
    List<Target> targets = new ArrayList<>(List.of(new Target("node, " + mainPartitions + " partitions", jvm, spec),
        new Target("node, 1 partition", jvm, new LoadSpec(spec.kind(), spec.port(), SINGLE, spec.rank(), spec.users(),
            spec.connections(), 0, 0, spec.batchSize(), 0, spec.authorization())),
        new Target("node, 16 partitions", jvm, new LoadSpec(spec.kind(), spec.port(), WIDE, spec.rank(), spec.users(),
            spec.connections(), 0, 0, spec.batchSize(), 0, spec.authorization())),
        new Target("bare Vert.x", jvm, spec.withPort(servers.barePort()))));
    if (servers.node() != null) {
      targets.add(new Target("Node.js redis-rank", servers.node().pid(), spec.withPort(servers.nodePort())));
    }
    return targets;
  }

  /**
   * Every case on the node before anything is measured: on 2 busy cores the JIT needs tens of
   * seconds to compile the service's paths, and a first case measured cold ran at a third of its
   * later rate.
   */
  /**
   * Runs every case on the node until the JIT is quiet: passes over all cases until one spent less than
   * 5 % of its time compiling (at most 10). Until then the compiler threads take up to a core of the two
   * and the first measured cases pay for it in CPU per answer.
   */
  private void warmUp(Collection<LoadSpec> specs) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    long t = System.nanoTime();
    int passes = 0;
    double share;
    do {
      long compiled = jit.getTotalCompilationTime();
      long pass = System.nanoTime();
      for (LoadSpec spec : specs) {
        contest.unmeasured(new Target("jit", jvm, spec), warmup);
      }
      passes++;
      share = (jit.getTotalCompilationTime() - compiled) / ((System.nanoTime() - pass) / 1e6);
    } while (share >= 0.05 && passes < 10);
    report.line("JIT warm-up of the node: every case %d times, until a pass spent %.1f %% of its time compiling: %.0f s",
        passes, 100 * share, (System.nanoTime() - t) / 1e9);
  }

  /** The four targets, case by case: each a warm-up run, then its measured run. */
  private void comparison() {
    report.section("HTTP: the node against a bare Vert.x endpoint and Node.js redis-rank (" + members + " members, "
        + CONNECTIONS + " connections, wrk)");
    report.line("| case | target | req/s | p50 ms | p99 ms | non-2xx | CPU ms per answer: server / shards / wrk "
        + "| vs bare | vs Node.js | other processes' CPU |");
    report.line("|---|---|---:|---:|---:|---:|---|---:|---:|---:|");
    cases().forEach((name, spec) -> {
      Map<String, WrkResult> r = contest.run(targets(spec), warmup, seconds);
      WrkResult bare = r.get("bare Vert.x");
      WrkResult node = r.get("Node.js redis-rank");
      r.forEach((target, x) -> report.line("| %s | %s | %,.0f | %.2f | %.2f | %d | %s | %.2fx | %s | %.0f %% |%s", name, target, x.perSecond(), x.p50Ms(), x.p99Ms(), x.non2xx(), x.cpuPerAnswer(),
          x.perSecond() / bare.perSecond(), node == null ? "-" : String.format(Locale.ROOT, "%.2fx",
          x.perSecond() / node.perSecond()), 100 * x.otherShare(), x.errors()));
    });
  }

  /**
   * Per case, the node on its default board and on 16 partitions once more, with {@code INFO
   * commandstats} read before and after: the Redis commands an answer costs (calls and microseconds
   * per answer, all shards, the four most costly; inside a script only the script's own line).
   */
  private void commandCosts() {
    report.section("Redis commands per answer (INFO commandstats over all shards, " + seconds / 2 + " s runs)");
    report.line("| case | target | answers | Redis µs per answer | top commands: calls / µs per answer |");
    report.line("|---|---|---:|---:|---|");
    cases().forEach((name, spec) -> {
      for (Target t : targets(spec).subList(0, 3)) {
        Map<String, long[]> before = nodes.commandStats();
        WrkResult r = contest.measured(t, seconds / 2);
        RedisNodes.Costs costs = RedisNodes.costs(before, nodes.commandStats(), r.answers());
        report.line("| %s | %s | %,d | %.1f | %s |", name, t.label(), r.answers(), costs.usecPerAnswer(), costs.top());
      }
    });
  }

  /**
   * Single submits (without the rank, so the access check is the largest share it can be) with the
   * admin key against the same node's API without the access check.
   */
  private void credentials() {
    report.section("credentials: single submits (?rank=false) with an API key against the same node's API without "
        + "the access check (" + CONNECTIONS + " connections)");
    LoadSpec keyed = ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS).withRank(false);
    Map<String, WrkResult> r = contest.run(List.of(new Target("key", jvm, keyed),
        new Target("none", jvm, keyed.withPort(servers.openPort()).withAuthorization(null))), warmup, seconds);
    WrkResult key = r.get("key");
    WrkResult none = r.get("none");
    double ratio = key.perSecond() / none.perSecond();
    report.line("with an API key: %,.0f req/s, p50 %.2f / p99 %.2f ms, CPU %s; without: %,.0f req/s, p50 %.2f / p99 "
        + "%.2f ms, CPU %s; ratio %.2fx (target >= 0.9x: %s)%s%s", key.perSecond(), key.p50Ms(), key.p99Ms(),
        key.cpuPerAnswer(), none.perSecond(), none.p50Ms(), none.p99Ms(), none.cpuPerAnswer(), ratio,
        ratio >= 0.9 ? "met" : "NOT met", key.errors(), none.errors());
  }

  /** A JFR recording of the node under the submit-with-rank load (not part of any measured run). */
  private void profile(Path file) throws IOException {
    report.section("JFR: the node under " + cases().keySet().iterator().next() + ", " + CONNECTIONS
        + " connections, 10 s");
    WrkResult r;
    try (Recording recording = new Recording()) {
      recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(2));
      recording.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(20));
      recording.enable("jdk.GarbageCollection");
      recording.start();
      // submit with rank, unless -Dbench.cases left it out
      r = contest.measured(new Target("jfr", jvm, cases().values().iterator().next()), 10);
      recording.stop();
      recording.dump(file);
    }
    report.line("recording %s (%,.0f req/s while recording; CPU per answer %s)%s", file, r.perSecond(),
        r.cpuPerAnswer(), r.errors());
    for (String line : JfrHotSpots.summarize(file, 15).split("\n")) {
      report.line("%s", line);
    }
  }

  /** Batches of 1,000 events over HTTP (8 connections) against the same events as raw store calls. */
  private void ingest(Board main) {
    report.section("batch ingest: POST .../scores/batch (1,000 events, 8 in flight) against raw submitAll");
    WrkResult http = contest.run(List.of(new Target("http", jvm, ours(LoadSpec.Kind.BATCH, MAIN, members, 8))),
        warmup, seconds).get("http");
    RawIngest raw = new RawIngest(store, main, members, 1000, 8);
    nodes.settle();
    raw.run(warmup, 1);
    nodes.settle();
    double[] before = meter.sample(jvm);
    LoadResult rawResult = raw.run(seconds, 2);
    double[] after = meter.sample(jvm);
    double perEvent = 1000.0 / Math.max(1, rawResult.events());
    double ratio = http.eventsPerSecond() / rawResult.eventsPerSecond();
    report.line("| service batch | %,.0f events/s | batch p50 %.1f ms, p99 %.1f ms | CPU ms per event: JVM %.4f, "
        + "shards %.4f, wrk %.4f |", http.eventsPerSecond(), http.p50Ms(), http.p99Ms(), http.perAnswer(0) / 1000,
        http.perAnswer(1) / 1000, http.perAnswer(2) / 1000);
    report.line("| raw submitAll | %,.0f events/s | batch p50 %.1f ms, p99 %.1f ms | CPU ms per event: JVM %.4f, "
        + "shards %.4f |", rawResult.eventsPerSecond(), rawResult.ms(50), rawResult.ms(99),
        (after[0] - before[0]) * perEvent, (after[1] - before[1]) * perEvent);
    report.line("ratio %.2fx (target >= 0.9x: %s)%s", ratio, ratio >= 0.9 ? "met" : "NOT met", http.errors());
  }

  /**
   * A user's rank, one request at a time, at 10 thousand and at {@code large} members: at store
   * level (two rounds, no hint; users drawn from the whole board) and over HTTP on one connection
   * (users drawn from the first 10,000 on both boards, so the node's hint cache treats both alike).
   */
  private void rankGrowth(Board small, Board big) {
    report.section("rank latency growth: " + small.name() + " against " + big.name() + ", sequential");
    int[] sizes = {sizeOf(small), sizeOf(big)};
    Board[] pair = {small, big};
    double[][] ms = alternate(3000, k -> store.userRank(pair[k], "all", "u" + pick.nextInt(sizes[k]), null));
    double ratio = ms[1][ms[1].length / 2] / ms[0][ms[0].length / 2];
    report.line("store level (ZSCORE, then the counts on every partition): %s, %s (p50 / p99); ratio of p50 %.2fx "
        + "(target <= 1.5x: %s)", spread(small, ms[0]), spread(big, ms[1]), ratio, ratio <= 1.5 ? "met" : "NOT met");
    double[][] own = alternate(3000, k -> {
      String user = "u" + pick.nextInt(sizes[k]);
      Route r = Keys.home(shards, pair[k], "all", user);
      return shards.send(r, Request.cmd(Command.ZREVRANK).arg(Keys.scores(r)).arg(user));
    });
    report.line("context, one ZREVRANK on the user's own key set (%,d and %,d members): %s, %s; ratio of p50 %.2fx",
        sizes[0] / Keys.keySets(shards, small, "all").size(), sizes[1] / Keys.keySets(shards, big, "all").size(), spread(small, own[0]), spread(big, own[1]),
        own[1][own[1].length / 2] / own[0][own[0].length / 2]);
    Map<String, WrkResult> r = contest.run(List.of(
        new Target(small.name(), jvm, ours(LoadSpec.Kind.USER, small.name(), 10_000, 1)),
        new Target(big.name(), jvm, ours(LoadSpec.Kind.USER, big.name(), 10_000, 1))), warmup, seconds);
    WrkResult a = r.get(small.name());
    WrkResult b = r.get(big.name());
    double httpRatio = b.p50Ms() / a.p50Ms();
    report.line("HTTP, one connection: %s %.3f / %.3f ms (%,.0f req/s), %s %.3f / %.3f ms (%,.0f req/s); ratio of "
        + "p50 %.2fx (target <= 1.5x: %s)%s%s", small.name(), a.p50Ms(), a.p99Ms(), a.perSecond(), big.name(),
        b.p50Ms(), b.p99Ms(), b.perSecond(), httpRatio, httpRatio <= 1.5 ? "met" : "NOT met", a.errors(), b.errors());
  }

  /** {@code runs} timed calls of {@code op(0)} and {@code op(1)} in turn, after a fifth as many untimed; sorted ms. */
  private static double[][] alternate(int runs, IntFunction<Future<?>> op) {
    double[][] ms = new double[2][runs];
    for (int i = -runs / 5; i < runs; i++) {
      for (int k = 0; k < 2; k++) {
        long t = System.nanoTime();
        op.apply(k).await();
        if (i >= 0) {
          ms[k][i] = (System.nanoTime() - t) / 1e6;
        }
      }
    }
    Arrays.sort(ms[0]);
    Arrays.sort(ms[1]);
    return ms;
  }

  private static String spread(Board b, double[] sortedMs) {
    return String.format(Locale.ROOT, "%s %.3f / %.3f ms", b.name(), sortedMs[sortedMs.length / 2],
        sortedMs[sortedMs.length * 99 / 100]);
  }

  private int sizeOf(Board b) {
    long n = 0;
    for (Route r : Keys.keySets(shards, b, "all")) {
      n += shards.send(r, Request.cmd(Command.ZCARD).arg(Keys.scores(r))).await().toLong();
    }
    return (int) n;
  }

  /** The board's keys against one bare sorted set of the same members and scores. */
  private void boardMemory(Board b) {
    long board = 0;
    for (Route r : Keys.keySets(shards, b, "all")) {
      for (String key : Keys.all(r)) {
        board += nodes.usage(r, key);
      }
    }
    long bare = nodes.usage(Route.META, BARE_KEY);
    double ratio = (double) board / bare;
    report.section("memory");
    report.line("board %s (%d partitions, no dense index): %,d bytes; one bare sorted set of the same members "
        + "and scores: %,d bytes; ratio %.3fx (target <= 1.1x: %s)", b.name(), b.partitions(), board, bare, ratio,
        ratio <= 1.1 ? "met" : "NOT met");
  }

  /** Redis memory per remembered event ID: N events with IDs on existing users, delta / N. */
  private void eventIdMemory() {
    int n = 200_000;
    Board b = board("dedupe", new JsonObject());
    new BoardLoader(shards).load(b, n, 4, null);
    nodes.settle();
    long before = nodes.usedMemory();
    RawIngest events = new RawIngest(store, b, n, 1000, 1);
    SplittableRandom random = new SplittableRandom(5);
    for (int sent = 0; sent < n; sent += 1000) {
      store.submitAll(b, events.commands(random, "00000000-0000-4000-8000-", 100_000_000_000L + sent,
          System.currentTimeMillis()), System.currentTimeMillis(), b.dedupeSeconds() * 1000).await();
    }
    long after = nodes.usedMemory();
    long ids = 0;
    for (Route r : Keys.keySets(shards, b, "all")) {
      ids += nodes.usage(r, Keys.events(r));
    }
    report.section("memory per remembered event ID");
    report.line("%,d events with 36-character event IDs on users u0..u%d: used_memory grew %,d bytes (%.0f bytes "
        + "per event ID); the event-ID sets hold %,d bytes (%.0f bytes per ID)", n, n - 1, after - before,
        (double) (after - before) / n, ids, (double) ids / n);
  }

  private Board board(String name, JsonObject spec) {
    return boards.create(name, spec);
  }

  private void timed(String what, int count, Runnable step) {
    long t = System.nanoTime();
    step.run();
    double s = (System.nanoTime() - t) / 1e9;
    report.line("%s: %,d members in %.1f s (%,.0f members/s, pipelined ZADDs)", what, count, s, count / s);
  }

  private static String memTotal() {
    try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
      return lines.filter(l -> l.startsWith("MemTotal")).findFirst()
          .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024 / 1024 + " GiB").orElse("? GiB");
    } catch (IOException e) {
      return "? GiB";
    }
  }

  /** The first line {@code command} prints, or "?". */
  private static String command(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      p.waitFor();
      return out.isEmpty() ? "?" : out.lines().findFirst().orElse("?");
    } catch (IOException e) {
      return "?";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "?";
    }
  }

  /** The redis-server processes, from the pid files LocalRedisShards has them write. */
  static List<Long> redisPids(Path dir) throws IOException {
    List<Long> pids = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      pids.add(Long.parseLong(Files.readString(dir.resolve("redis-" + i).resolve("redis.pid")).trim()));
    }
    return pids;
  }

}
