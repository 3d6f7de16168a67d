package dev.leaderboard.bench;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import jdk.jfr.Recording;

/**
 * The HTTP benchmark: a full node against a bare Vert.x endpoint ({@link BareEndpoint}) on the same
 * 4 local shards, driven over loopback by {@link LoadGenerator} in its own JVM, measured in turns;
 * plus batch ingest, rank latency at 10 thousand and 10 million members, Redis memory, a partition
 * sweep, a JFR profile, a connection burst ({@link BurstCase}) and the cost of credentials.
 *
 * <p>Usage: {@code HttpBenchmark [members=1000000] [seconds=12] [largeMembers=10000000]}, or
 * {@code HttpBenchmark burst [members=100000] [seconds=12]}. See docs/benchmarks.md. The steps read
 * top to bottom here; each mechanism lives in its own class. Runs on the main thread.
 */
public final class HttpBenchmark {
  private static final int SHARDS = 4;
  private static final int CONNECTIONS = 64;
  private static final int ROUNDS = 3;
  private static final double WARMUP_SECONDS = 3;
  private static final String MAIN = "main";
  private static final String BARE_KEY = "bench:bare";
  private static final String SUBMIT_WITH_RANK = "submit with rank";

  private final Report report = new Report();
  private final LoadClient load;
  private final Shards shards;
  private final ScoreStore store;
  private final RedisNodes nodes;
  private final BoardAdmin boards;
  private final String authorization;
  private final int port;
  private final int unboundedPort;
  private final int barePort;
  private final int openPort;
  private final int members;
  private final double seconds;
  private final Contest contest;
  private final SplittableRandom pick = new SplittableRandom(3);

  private HttpBenchmark(LoadClient load, Shards shards, HttpClient admin, String authorization, int[] ports,
      int members, double seconds, List<Long> redisPids) {
    this.load = load;
    this.shards = shards;
    this.store = new ScoreStore(shards);
    this.nodes = new RedisNodes(shards, SHARDS);
    this.authorization = authorization;
    this.boards = new BoardAdmin(admin, ports[0], shards, authorization);
    this.port = ports[0];
    this.unboundedPort = ports[1];
    this.barePort = ports[2];
    this.openPort = ports[3];
    this.members = members;
    this.seconds = seconds;
    this.contest = new Contest(nodes::settle, new CpuMeter(ProcessHandle.current().pid(), redisPids, load.pid()));
  }

  public static void main(String[] args) throws Exception {
    boolean burstOnly = args.length > 0 && args[0].equals("burst");
    String[] a = burstOnly ? Arrays.copyOfRange(args, 1, args.length) : args;
    int members = a.length > 0 ? Integer.parseInt(a[0]) : burstOnly ? 100_000 : 1_000_000;
    int seconds = a.length > 1 ? Integer.parseInt(a[1]) : 12;
    int large = a.length > 2 ? Integer.parseInt(a[2]) : 10_000_000;
    Path dir = Files.createTempDirectory("leaderboard-http-bench");
    long t0 = System.nanoTime();
    try (LocalRedisShards redis = LocalRedisShards.start(dir, SHARDS)) {
      int port = Local.freePort();
      LeaderboardApp app = node(redis, dir, port, Map.of());
      // the same node without load shedding: no in-flight limit, and room for 100,000 waiting commands per shard
      int unboundedPort = Local.freePort();
      LeaderboardApp unbounded = node(redis, dir.resolve("unbounded"), unboundedPort,
          Map.of("LB_HTTP_MAX_IN_FLIGHT", "1000000", "LB_REDIS_MAX_POOL_WAITING", "100000"));
      Vertx bare = Vertx.vertx();
      Vertx bench = Vertx.vertx();
      try (LoadClient load = LoadClient.start()) {
        // chosen once the node's own servers have taken theirs
        int barePort = Local.freePort();
        DeploymentOptions instances = new DeploymentOptions()
            .setInstances(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
        bare.deployVerticle(() -> new BareEndpoint(barePort, redis.endpoints().get(0), BARE_KEY), instances).await();
        // the node's API once more, on the node's own services, without the access check
        int openPort = Local.freePort();
        app.vertx().deployVerticle(() -> new HttpApiVerticle(HttpApiVerticle.Options.of(openPort).withoutCredentials()), instances).await();
        String authorization = "Bearer " + Files.readString(app.adminKeyFile()).strip();
        Shards shards = Shards.connect(bench, redis.endpoints(), 16);
        shards.loadScripts().await();
        HttpBenchmark benchmark = new HttpBenchmark(load, shards, bench.createHttpClient(), authorization,
            new int[] {port, unboundedPort, barePort, openPort}, members, seconds, redisPids(dir));
        if (burstOnly) {
          benchmark.burstOnly();
        } else {
          benchmark.run(large);
        }
        shards.close();
      } finally {
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
  private static LeaderboardApp node(LocalRedisShards redis, Path dataDir, int port, Map<String, String> settings) {
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
    report.line("machine: %d cores, %s; JDK %s; redis-server %s x %d; load from a separate JVM",
        Runtime.getRuntime().availableProcessors(), memTotal(), System.getProperty("java.version"), nodes.version(),
        SHARDS);
    Board main = board(MAIN, new JsonObject());
    timed("load " + MAIN + " and the bare sorted set", members, () -> new BoardLoader(shards).load(main, members, 1, BARE_KEY));
    long t = System.nanoTime();
    LoadSpec submit = cases().get(SUBMIT_WITH_RANK);
    for (int p : new int[] {port, unboundedPort}) {
      load.run(submit.withPort(p).forRun(WARMUP_SECONDS * 3, 0));
    }
    load.run(submit.withPort(barePort).forRun(WARMUP_SECONDS, 0));
    report.line("warm-up, submit with rank on each target: %.0f s", (System.nanoTime() - t) / 1e9);
    burst();
    System.out.println();
    System.out.println("==================== all figures ====================");
    System.out.print(report.text());
  }

  /** The connections sweep on the node without limits, then the burst against all three targets. */
  private void burst() {
    BurstCase burst = new BurstCase(load, contest, report, cases().get(SUBMIT_WITH_RANK), unboundedPort, barePort);
    burst.sweep(seconds / ROUNDS);
    burst.burst(WARMUP_SECONDS, ROUNDS, seconds / ROUNDS);
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
    report.line("machine: %d cores, %s; JDK %s; redis-server %s x %d; load: %d connections from a separate JVM, "
        + "%d rounds of %.1f s per side after %.0f s warm-up", Runtime.getRuntime().availableProcessors(),
        memTotal(), System.getProperty("java.version"), nodes.version(), SHARDS, CONNECTIONS, ROUNDS,
        seconds / ROUNDS, WARMUP_SECONDS);

    Board main = board(MAIN, new JsonObject());
    report.line("board %s: %d partitions (the node's default), denseRanks %s, rankOnSubmit %s, dedupeSeconds %d",
        MAIN, main.partitions(), main.denseRanks(), main.rankOnSubmit(), main.dedupeSeconds());
    timed("load " + MAIN + " and the bare sorted set", members, () -> new BoardLoader(shards).load(main, members, 1, BARE_KEY));
    boardMemory(main);
    List<Board> sweep = new ArrayList<>();
    for (int p : new int[] {4, 8, 16}) {
      Board b = board("p" + p, new JsonObject().put("partitions", p));
      timed("load " + b.name(), members, () -> new BoardLoader(shards).load(b, members, 1, null));
      sweep.add(b);
    }
    Board small = board("g10k", new JsonObject());
    timed("load g10k", 10_000, () -> new BoardLoader(shards).load(small, 10_000, 2, null));
    Board big = board("g10m", new JsonObject());
    timed("load g10m", large, () -> new BoardLoader(shards).load(big, large, 2, null));
    long t = System.nanoTime();
    nodes.rewriteAof();
    report.line("AOF rewrite after loading: %.1f s; Redis used_memory now %,d MB", (System.nanoTime() - t) / 1e9,
        nodes.usedMemory() >> 20);

    warmUp();
    comparison();
    burst();
    credentials();
    profile(Path.of(System.getProperty("bench.jfr",
        Path.of(System.getProperty("java.io.tmpdir"), "http-bench-submit.jfr").toString())));
    ingest(main);
    partitionSweep(sweep);
    rankGrowth(small, big);
    eventIdMemory();

    System.out.println();
    System.out.println("==================== all figures ====================");
    System.out.print(report.text());
  }

  /** A load case on the node, with its admin key. */
  private LoadSpec ours(LoadSpec.Kind kind, String board, int users, int connections) {
    return LoadSpec.of(kind, port, board, users, connections).withAuthorization(authorization);
  }

  /**
   * The cases of the comparison, ours; the bare endpoint serves the same specs on its own port (it
   * gets the same Authorization header, and ignores it).
   */
  private Map<String, LoadSpec> cases() {
    Map<String, LoadSpec> cases = new LinkedHashMap<>();
    cases.put(SUBMIT_WITH_RANK, ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS).withRank(true));
    cases.put("submit without rank (?rank=false)", ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS).withRank(false));
    cases.put("user rank", ours(LoadSpec.Kind.USER, MAIN, members, CONNECTIONS));
    cases.put("top 10 page", ours(LoadSpec.Kind.TOP, MAIN, members, CONNECTIONS));
    cases.put("around-me (limit 11)", ours(LoadSpec.Kind.AROUND, MAIN, members, CONNECTIONS));
    return cases;
  }

  /**
   * Every case on both sides before anything is measured: on 2 busy cores the JIT needs tens of
   * seconds to compile the service's paths, and a first case measured cold ran at a third of its
   * later rate.
   */
  private void warmUp() {
    long t = System.nanoTime();
    for (LoadSpec spec : cases().values()) {
      load.run(spec.forRun(WARMUP_SECONDS * 2, 0));
      load.run(spec.withPort(barePort).forRun(WARMUP_SECONDS, 0));
    }
    report.line("warm-up of every case on both sides: %.0f s", (System.nanoTime() - t) / 1e9);
  }

  /** Ours and the bare endpoint, case by case, 64 connections each. */
  private void comparison() {
    report.section("HTTP: the service against a bare Vert.x endpoint (" + members + " members, " + CONNECTIONS
        + " connections)");
    report.compareHeader("bare");
    List<String> cpu = new ArrayList<>();
    cases().forEach((name, spec) -> cpu.add(compare(name, spec)));
    cpu.forEach(line -> report.line("%s", line));
  }

  /** One row of the table; answers the case's CPU figures. */
  private String compare(String name, LoadSpec ours) {
    Map<String, LoadResult> r = contest.run(List.of(Target.http("ours", load, ours),
        Target.http("bare", load, ours.withPort(barePort))), WARMUP_SECONDS, ROUNDS, seconds / ROUNDS);
    report.compare(name, r.get("ours"), r.get("bare"), 0.5);
    return name + ": ours " + cpu(r.get("ours")) + "; bare " + cpu(r.get("bare"));
  }

  /**
   * Single submits (without the rank, so the access check is the largest share it can be) with the
   * admin key against the same node's API without the access check, in turns.
   */
  private void credentials() {
    report.section("credentials: single submits (?rank=false) with an API key against the same node's API without "
        + "the access check (" + CONNECTIONS + " connections)");
    report.compareHeader("no key");
    LoadSpec keyed = ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS).withRank(false);
    Map<String, LoadResult> r = contest.run(List.of(Target.http("key", load, keyed),
        Target.http("none", load, keyed.withPort(openPort).withAuthorization(null))), WARMUP_SECONDS, ROUNDS,
        seconds / ROUNDS);
    report.compare("submit with an API key", r.get("key"), r.get("none"), 0.9);
    report.line("submit with an API key: %s; without: %s", cpu(r.get("key")), cpu(r.get("none")));
  }

  private static String cpu(LoadResult r) {
    return CpuMeter.describe(r.cpu(), r.ok());
  }

  private static String perEvent(LoadResult r) {
    return CpuMeter.describe(r.cpu(), r.events());
  }

  /** A JFR recording of the node under the submit-with-rank load (not part of any measured run). */
  private void profile(Path file) throws IOException {
    report.section("JFR: the node under submit with rank, " + CONNECTIONS + " connections, 10 s");
    LoadResult r;
    try (Recording recording = new Recording()) {
      recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(2));
      recording.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(20));
      recording.enable("jdk.GarbageCollection");
      recording.start();
      r = contest.measured(Target.http("jfr", load, ours(LoadSpec.Kind.SUBMIT, MAIN, members, CONNECTIONS)
          .withRank(true)), 10);
      recording.stop();
      recording.dump(file);
    }
    report.line("recording %s (%,.0f req/s while recording; %s)%s", file, r.perSecond(), cpu(r), Report.errors(r));
    for (String line : JfrHotSpots.summarize(file, 15).split("\n")) {
      report.line("%s", line);
    }
  }

  /** Batches of 1,000 events over HTTP (8 in flight) against the same events as raw store calls. */
  private void ingest(Board main) {
    report.section("batch ingest: POST .../scores/batch (1,000 events, 8 in flight) against raw submitAll");
    Map<String, LoadResult> r = contest.run(List.of(
        Target.http("http", load, ours(LoadSpec.Kind.BATCH, MAIN, members, 8)),
        new RawIngest("raw", store, main, members, 1000, 8)), WARMUP_SECONDS, ROUNDS, seconds / ROUNDS);
    LoadResult http = r.get("http");
    LoadResult raw = r.get("raw");
    double ratio = http.eventsPerSecond() / raw.eventsPerSecond();
    report.line("| service batch | %,.0f events/s | batch p50 %.1f ms, p99 %.1f ms | per event: %s |",
        http.eventsPerSecond(), http.ms(50), http.ms(99), perEvent(http));
    report.line("| raw submitAll | %,.0f events/s | batch p50 %.1f ms, p99 %.1f ms | per event: %s |",
        raw.eventsPerSecond(), raw.ms(50), raw.ms(99), perEvent(raw));
    report.line("ratio %.2fx (target >= 0.8x: %s)%s", ratio, ratio >= 0.8 ? "met" : "NOT met", Report.errors(http, raw));
  }

  /** User rank and submit with rank at 4, 8 and 16 partitions, the three boards measured in turns. */
  private void partitionSweep(List<Board> boards) {
    report.section("partitions per board over " + SHARDS + " shards (" + members + " members, " + CONNECTIONS
        + " connections)");
    report.line("| case | partitions | req/s | p50 ms | p99 ms | cpu |");
    report.line("|---|---:|---:|---:|---:|---|");
    for (LoadSpec.Kind kind : new LoadSpec.Kind[] {LoadSpec.Kind.USER, LoadSpec.Kind.SUBMIT}) {
      List<Target> targets = new ArrayList<>();
      for (Board b : boards) {
        targets.add(Target.http(b.name(), load, ours(kind, b.name(), members, CONNECTIONS).withRank(true)));
      }
      Map<String, LoadResult> r = contest.run(targets, 2, 2, seconds / ROUNDS);
      for (Board b : boards) {
        LoadResult x = r.get(b.name());
        report.line("| %s | %d | %,.0f | %.2f | %.2f | %s |%s", kind == LoadSpec.Kind.USER ? "user rank"
            : "submit with rank", b.partitions(), x.perSecond(), x.ms(50), x.ms(99), cpu(x), Report.errors(x));
      }
    }
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
      Route r = Keys.partition(pair[k], "all", Partitioner.partitionOf(user, pair[k].partitions()));
      return shards.send(r, Request.cmd(Command.ZREVRANK).arg(Keys.scores(r)).arg(user));
    });
    report.line("context, one ZREVRANK on the user's own partition (%,d and %,d members): %s, %s; ratio of p50 %.2fx",
        sizes[0] / small.partitions(), sizes[1] / big.partitions(), spread(small, own[0]), spread(big, own[1]),
        own[1][own[1].length / 2] / own[0][own[0].length / 2]);
    Map<String, LoadResult> r = contest.run(List.of(
        Target.http(small.name(), load, ours(LoadSpec.Kind.USER, small.name(), 10_000, 1)),
        Target.http(big.name(), load, ours(LoadSpec.Kind.USER, big.name(), 10_000, 1))),
        2, 2, seconds / ROUNDS);
    LoadResult a = r.get(small.name());
    LoadResult b = r.get(big.name());
    double httpRatio = b.ms(50) / a.ms(50);
    report.line("HTTP, one connection: %s %.3f / %.3f ms (%,.0f req/s), %s %.3f / %.3f ms (%,.0f req/s); ratio of "
        + "p50 %.2fx (target <= 1.5x: %s)%s", small.name(), a.ms(50), a.ms(99), a.perSecond(), big.name(), b.ms(50),
        b.ms(99), b.perSecond(), httpRatio, httpRatio <= 1.5 ? "met" : "NOT met", Report.errors(a, b));
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
    for (Route r : Keys.partitions(b, "all")) {
      n += shards.send(r, Request.cmd(Command.ZCARD).arg(Keys.scores(r))).await().toLong();
    }
    return (int) n;
  }

  /** The board's keys against one bare sorted set of the same members and scores. */
  private void boardMemory(Board b) {
    long board = 0;
    for (Route r : Keys.partitions(b, "all")) {
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
    RawIngest events = new RawIngest("ids", store, b, n, 1000, 1);
    SplittableRandom random = new SplittableRandom(5);
    for (int sent = 0; sent < n; sent += 1000) {
      store.submitAll(b, events.commands(random, "00000000-0000-4000-8000-", 100_000_000_000L + sent,
          System.currentTimeMillis()), System.currentTimeMillis(), b.dedupeSeconds() * 1000).await();
    }
    long after = nodes.usedMemory();
    long ids = 0;
    for (Route r : Keys.partitions(b, "all")) {
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

  /** The redis-server processes, from the pid files LocalRedisShards has them write. */
  private static List<Long> redisPids(Path dir) throws IOException {
    List<Long> pids = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      pids.add(Long.parseLong(Files.readString(dir.resolve("redis-" + i).resolve("redis.pid")).trim()));
    }
    return pids;
  }

}
