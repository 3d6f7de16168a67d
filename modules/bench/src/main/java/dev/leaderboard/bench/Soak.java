package dev.leaderboard.bench;

import dev.leaderboard.app.AppConfig;
import dev.leaderboard.app.LeaderboardApp;
import dev.leaderboard.bench.NodeGauges.Reading;
import dev.leaderboard.core.Board;
import dev.leaderboard.store.dispatch.Shards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The soak: a node with embedded stores (as {@code Main} starts it) under a paced mixed HTTP load
 * ({@link LoadSpec.Kind#MIXED}, from {@link Wrk}: one wrk run per slice) for 10 minutes or as asked,
 * in slices; between slices {@link NodeGauges} reads heap after a full GC, threads, sockets,
 * descriptors and the shards' memory and clients. At the end: each gauge's growth per minute (least squares, whole run and after the
 * first minute, once caches filled) and first- against last-minute latency. Users are preloaded and
 * event IDs kept 60 s, so nothing should keep growing after the first minute. Latency is wrk's, of
 * every answer. wrk's Lua API gives percentiles, not its histogram, so the first and last minute and
 * the whole run merge the slices' latencies at every thousandth of their answers, each weighted by
 * the slice's answers: p50 and p99 to within a thousandth of the answers. Errors are counted
 * (non-2xx, of them 503, and socket errors) but not broken down by status or shown by a sample body.
 *
 * <p>Usage: {@code Soak [seconds=600] [requestsPerSecond=400] [members=20000] [sliceSeconds=30]}.
 * Needs {@code wrk} and {@code /usr/bin/time}. See docs/benchmarks.md. Runs on the main thread.
 */
public final class Soak {
  private static final int SHARDS = 4;
  private static final int CONNECTIONS = 16;
  private static final int THREADS = 2;
  private static final String BOARD = "soak";
  private static final int BATCH_EVENTS = 20;
  private static final long DEDUPE_SECONDS = 60;
  private static final Map<String, ToDoubleFunction<Reading>> GAUGES = gauges();
  private static final WrkResult NONE = merged(List.of());

  /** A reading taken {@code minutes} into the run, after the slice {@code load} (null: before any load). */
  private record Sample(double minutes, Reading gauges, WrkResult load) {
  }

  private final Report report = new Report();
  private final Wrk load;
  private final NodeGauges gauges;
  private final LoadSpec spec;
  private final List<Sample> samples = new ArrayList<>();

  private Soak(Wrk load, NodeGauges gauges, LoadSpec spec) {
    this.load = load;
    this.gauges = gauges;
    this.spec = spec;
  }

  public static void main(String[] args) throws Exception {
    Wrk.requireInstalled();
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 600;
    double rate = args.length > 1 ? Double.parseDouble(args[1]) : 400;
    int members = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
    int slice = args.length > 3 ? Integer.parseInt(args[3]) : 30;
    Path dir = Files.createTempDirectory("leaderboard-soak");
    try {
      int port = Local.freePort();
      LeaderboardApp app = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.toString(),
          "LB_HTTP_PORT", Integer.toString(port), "LB_LOCAL_SHARDS", Integer.toString(SHARDS))), Clock.systemUTC())
          .await();
      Vertx bench = Vertx.vertx();
      try {
        Shards shards = Shards.connect(bench, app.redisEndpoints(), 2);
        String authorization = "Bearer " + Files.readString(app.adminKeyFile()).strip();
        Board board = new BoardAdmin(bench.createHttpClient(), port, shards, authorization)
            .create(BOARD, new JsonObject().put("dedupeSeconds", DEDUPE_SECONDS));
        new BoardLoader(shards).load(board, members, 1, null);
        LoadSpec spec = LoadSpec.of(LoadSpec.Kind.MIXED, port, BOARD, members, CONNECTIONS)
            .withBatchSize(BATCH_EVENTS).paced(rate).withAuthorization(authorization);
        new Soak(new Wrk(dir), new NodeGauges(new RedisNodes(shards, SHARDS)), spec).run(seconds, slice, members);
        shards.close();
      } finally {
        bench.close().await();
        app.stop().await();
      }
    } finally {
      Local.deleteTree(dir);
    }
  }

  private void run(int seconds, int slice, int members) {
    report.section("soak: " + seconds + " s of mixed load at " + spec.perSecond() + " requests/s");
    report.line("machine: %d cores, JDK %s; node: 4 embedded redis-server shards, embedded PostgreSQL; board %s: %,d "
        + "members, dedupeSeconds %d; load: wrk, %d paced connections on %d threads, batches of %d events; "
        + "readings every %d s (the load pauses for each)", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), BOARD, members, DEDUPE_SECONDS, CONNECTIONS, THREADS, BATCH_EVENTS, slice);
    report.line("| min | req/s | p50 ms | p99 ms | errors | heap after GC MB | non-heap MB | Redis MB | Redis clients "
        + "| sockets | fds | threads |");
    report.line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    long start = System.nanoTime();
    record(new Sample(0, gauges.read(), null));
    for (int i = 1; i * slice <= seconds; i++) {
      WrkResult r = load.run(spec.forRun(slice, i), THREADS, true, true);
      record(new Sample((System.nanoTime() - start) / 60e9, gauges.read(), r));
    }
    summary(Math.max(1, (int) Math.ceil(60.0 / slice)));
    System.out.println();
    System.out.println("==================== all figures ====================");
    System.out.print(report.text());
  }

  private void record(Sample s) {
    samples.add(s);
    Reading g = s.gauges();
    WrkResult r = s.load() == null ? NONE : s.load();
    report.line("| %.1f | %,.0f | %.2f | %.2f | %d | %.1f | %.1f | %.1f | %d | %d | %d | %d |", s.minutes(),
        r.perSecond(), r.p50Ms(), r.p99Ms(), r.non2xx() + r.socketErrors(), mb(g.heapAfterGc()), mb(g.nonHeap()),
        mb(g.redisMemory()), g.redisClients(), g.sockets(), g.fds(), g.threads());
    if (!r.errors().isEmpty()) {
      report.line("errors:%s (503: %d)", r.errors(), r.shed());
    }
  }

  /** Growth per minute of every gauge, and the first minute's latency against the last's. */
  private void summary(int slicesPerMinute) {
    report.section("growth per minute (least squares over the readings)");
    report.line("| gauge | at start | after 1 min | at end | per minute, whole run | per minute, after the first minute |");
    report.line("|---|---:|---:|---:|---:|---:|");
    List<Sample> settled = samples.stream().filter(s -> s.minutes() >= 1).toList();
    Sample afterOne = settled.isEmpty() ? samples.get(samples.size() - 1) : settled.get(0);
    GAUGES.forEach((name, gauge) -> report.line("| %s | %,.1f | %,.1f | %,.1f | %+,.2f | %+,.2f |", name,
        gauge.applyAsDouble(samples.get(0).gauges()), gauge.applyAsDouble(afterOne.gauges()),
        gauge.applyAsDouble(samples.get(samples.size() - 1).gauges()), slope(samples, gauge), slope(settled, gauge)));
    List<Sample> loaded = samples.subList(1, samples.size());
    int n = Math.min(slicesPerMinute, loaded.size());
    WrkResult first = merged(loaded.subList(0, n));
    WrkResult last = merged(loaded.subList(loaded.size() - n, loaded.size()));
    WrkResult all = merged(loaded);
    report.section("latency, first minute against last");
    report.line("first minute: p50 %.2f ms, p99 %.2f ms (%,.0f req/s); last minute: p50 %.2f ms, p99 %.2f ms (%,.0f req/s); "
        + "whole run: %,d answers, %d errors%s", first.p50Ms(), first.p99Ms(), first.perSecond(), last.p50Ms(),
        last.p99Ms(), last.perSecond(), all.answers(), all.non2xx() + all.socketErrors(), all.errors());
  }

  /** The slices as one run: counts and seconds summed, p50 and p99 from their weighted quantiles. */
  private static WrkResult merged(List<Sample> slices) {
    List<double[]> points = new ArrayList<>();
    long[] n = new long[5];
    double seconds = 0;
    for (Sample s : slices) {
      WrkResult r = s.load();
      for (double ms : r.quantiles()) {
        points.add(new double[] {ms, r.answers() / 1000.0});
      }
      n[0] += r.answers();
      n[1] += r.non2xx();
      n[2] += r.shed();
      n[3] += r.socketErrors();
      n[4] += r.events();
      seconds += r.seconds();
    }
    points.sort(Comparator.comparingDouble(p -> p[0]));
    return new WrkResult(n[0], n[1], n[2], n[3], seconds, percentile(points, n[0] * 0.5),
        percentile(points, n[0] * 0.99), slices.stream().mapToDouble(s -> s.load().maxMs()).max().orElse(0), n[4],
        new double[4], null);
  }

  /** The value of the first of the sorted weighted {@code points} by which {@code rank} of the weight is reached. */
  private static double percentile(List<double[]> points, double rank) {
    double sum = 0;
    for (double[] p : points) {
      sum += p[1];
      if (sum >= rank) {
        return p[0];
      }
    }
    return points.isEmpty() ? 0 : points.get(points.size() - 1)[0];
  }

  /** The least-squares slope of {@code gauge} against minutes; 0 with fewer than two readings. */
  private static double slope(List<Sample> points, ToDoubleFunction<Reading> gauge) {
    int n = points.size();
    if (n < 2) {
      return 0;
    }
    double mx = points.stream().mapToDouble(Sample::minutes).average().orElse(0);
    double my = points.stream().mapToDouble(s -> gauge.applyAsDouble(s.gauges())).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    for (Sample s : points) {
      double dx = s.minutes() - mx;
      sxy += dx * (gauge.applyAsDouble(s.gauges()) - my);
      sxx += dx * dx;
    }
    return sxx == 0 ? 0 : sxy / sxx;
  }

  private static Map<String, ToDoubleFunction<Reading>> gauges() {
    Map<String, ToDoubleFunction<Reading>> g = new LinkedHashMap<>();
    g.put("node heap after full GC (MB)", r -> mb(r.heapAfterGc()));
    g.put("node non-heap (MB)", r -> mb(r.nonHeap()));
    g.put("node threads", Reading::threads);
    g.put("node open sockets", Reading::sockets);
    g.put("node open file descriptors", Reading::fds);
    g.put("Redis used_memory, 4 shards (MB)", r -> mb(r.redisMemory()));
    g.put("Redis connected_clients, 4 shards", Reading::redisClients);
    return g;
  }

  private static double mb(long bytes) {
    return bytes / 1048576.0;
  }
}
