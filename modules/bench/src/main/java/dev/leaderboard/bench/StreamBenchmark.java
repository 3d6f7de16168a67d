package dev.leaderboard.bench;

import dev.leaderboard.app.AppConfig;
import dev.leaderboard.app.LeaderboardApp;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The live-stream benchmark: a node with embedded stores in this JVM, {@code subscribers} streams of
 * a board's top 10 and steady submits from a client JVM ({@link StreamLoad}). Measures the delay from
 * a submit's answer to the event showing it (p50, p99) and the node's CPU and heap, beside the same
 * submits without subscribers. 10,000 subscribers need more than 10,000 descriptors per process
 * ({@code ulimit -n}, checked first).
 *
 * <p>Usage: {@code StreamBenchmark [subscribers=10000] [submitsPerSecond=2000] [seconds=30]}. See
 * docs/benchmarks.md.
 */
public final class StreamBenchmark {
  private static final String BOARD = "stream-bench";
  private static final int WARMUP_SECONDS = 15;

  public static void main(String[] args) throws Exception {
    int subscribers = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int rate = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
    long fds = openFileLimit();
    if (fds >= 0 && fds < subscribers + 1_000L) {
      throw new IllegalStateException("ulimit -n is " + fds + ": " + subscribers + " subscribers need at least "
          + (subscribers + 1_000) + " open files per process; raise it (ulimit -n 65536) and run again");
    }
    Path dir = Files.createTempDirectory("leaderboard-streams");
    int port = Local.freePort();
    LeaderboardApp app = LeaderboardApp.start(AppConfig.fromEnv(Map.of("LB_DATA_DIR", dir.toString(),
        "LB_HTTP_PORT", Integer.toString(port), "LB_LOCAL_SHARDS", "4", "LB_RATE_LIMITS", "off",
        "LB_STREAM_MAX", Integer.toString(subscribers + 100),
        "LB_HTTP_MAX_CONNECTIONS", Integer.toString(subscribers + 1_000))), Clock.systemUTC()).await();
    try {
      String authorization = "Bearer " + Files.readString(app.adminKeyFile()).strip();
      // each run has its own board, so every submit of every run takes the lead (a run on a board that
      // already holds the previous run's higher scores would change no top), and its own warm-up board
      JsonObject without = measure(port, authorization, newBoard(app.vertx(), port, authorization, "0"),
          newBoard(app.vertx(), port, authorization, "warmup-0"), 0, rate, seconds);
      JsonObject with = measure(port, authorization, newBoard(app.vertx(), port, authorization, "1"),
          newBoard(app.vertx(), port, authorization, "warmup-1"), subscribers, rate, seconds);
      report(subscribers, rate, seconds, without, with);
    } finally {
      app.stop().await();
      Local.deleteTree(dir);
    }
  }

  private static String newBoard(Vertx vertx, int port, String authorization, String suffix) {
    String board = BOARD + "-" + suffix;
    int status = vertx.createHttpClient().request(new RequestOptions().setMethod(HttpMethod.PUT).setPort(port)
            .setHost(Local.HOST).setURI("/v1/boards/" + board).putHeader("Authorization", authorization)
            .putHeader("Content-Type", "application/json"))
        .compose(r -> r.send(new JsonObject().put("operator", "best").put("rankOnSubmit", false).encode()))
        .map(r -> r.statusCode()).await();
    if (status != 201 && status != 200) {
      throw new IllegalStateException("creating the board answered " + status);
    }
    return board;
  }

  /** One run in a fresh client JVM: what it measured, with this JVM's CPU seconds and heap after GC during it. */
  private static JsonObject measure(int port, String authorization, String board, String warmupBoard,
      int subscribers, int rate, int seconds)
      throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-Xms1g", "-Xmx1g", "-cp", System.getProperty("java.class.path"),
        StreamLoad.class.getName(), Integer.toString(port), board, Integer.toString(subscribers),
        Integer.toString(rate), Integer.toString(seconds), warmupBoard, Integer.toString(WARMUP_SECONDS))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try (BufferedReader from = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        Writer to = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8)) {
      to.write(authorization + "\n");
      to.flush();
      expect(from, StreamLoad.READY);
      long heapIdle = heapAfterGc();
      long cpuStart = cpuNanos();
      long wallStart = System.nanoTime();
      to.write("go\n");
      to.flush();
      JsonObject result = new JsonObject(expect(from, StreamLoad.MARK).substring(StreamLoad.MARK.length()));
      double cpu = (cpuNanos() - cpuStart) / 1e9;
      double wall = (System.nanoTime() - wallStart) / 1e9;
      long heap = heapAfterGc();
      to.write("quit\n");
      to.flush();
      return result.put("nodeCpuSeconds", cpu).put("nodeCpuCores", cpu / wall).put("heapConnectedMb", heapIdle / 1e6)
          .put("heapAfterLoadMb", heap / 1e6);
    } finally {
      if (!child.waitFor(60, TimeUnit.SECONDS)) {
        child.destroyForcibly();
      }
    }
  }

  private static String expect(BufferedReader from, String prefix) throws IOException {
    for (String line = from.readLine(); line != null; line = from.readLine()) {
      if (line.startsWith(prefix)) {
        return line;
      }
      System.out.println("[stream load] " + line);
    }
    throw new IllegalStateException("the client JVM exited before " + prefix);
  }

  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static long heapAfterGc() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long openFileLimit() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix
        ? unix.getMaxFileDescriptorCount() : -1;
  }

  private static void report(int subscribers, int rate, int seconds, JsonObject without, JsonObject with) {
    Report report = new Report();
    report.section("live streams: " + subscribers + " subscribers of one board's top 10, " + rate + " submits/s, "
        + seconds + " s");
    report.line("machine: %d cores, JDK %s; node: 4 embedded redis-server shards, embedded PostgreSQL, "
        + "LB_STREAM_INTERVAL_MS 100; client JVM: the streams and the submits (64 connections, rank=false)",
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
    report.line("| subscribers | submits/s | submit p50/p99 ms | events | delay p50 ms | delay p99 ms | delay p99.9 / max ms "
        + "| node / client CPU (cores) | node heap after GC, streams open / after load MB |");
    report.line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (JsonObject r : new JsonObject[] {without, with}) {
      report.line("| %,d | %,.0f | %.1f / %.1f | %,d | %.1f | %.1f | %.1f / %.1f | %.2f / %.2f | %.1f / %.1f |",
          r.getInteger("subscribers"), r.getDouble("submitsPerSecond"), r.getDouble("submitP50Ms"),
          r.getDouble("submitP99Ms"), r.getLong("events"), r.getDouble("delayP50Ms"), r.getDouble("delayP99Ms"),
          r.getDouble("delayP999Ms"), r.getDouble("delayMaxMs"), r.getDouble("nodeCpuCores"), r.getDouble("clientCpuCores"),
          r.getDouble("heapConnectedMb"), r.getDouble("heapAfterLoadMb"));
    }
    report.line("errors: %d submits; early events (before their submit's answer, counted as 0 ms): %d; streams ended: %d",
        with.getLong("submitErrors"), with.getLong("early"), with.getLong("streamsEnded"));
    System.out.println();
    System.out.print(report.text());
  }
}
