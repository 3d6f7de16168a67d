package dev.leaderboard.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The time and CPU of one span of a benchmark (a close, a round of reads), sampled before and after:
 * this process (the node), the local Redis shards, PostgreSQL's processes and the whole machine.
 */
final class CloseCpu {
  private final List<Long> shards;
  private final long postgres;
  private final long t;
  private final double[] before;
  private double millis;

  private CloseCpu(List<Long> shards, long postgres) {
    this.shards = shards;
    this.postgres = postgres;
    this.before = sample();
    this.t = System.nanoTime();
  }

  /** Starts the span over the shards and PostgreSQL that the benchmark runs under {@code dir}. */
  static CloseCpu start(Path dir) throws Exception {
    String pid = Files.readAllLines(dir.resolve("postgres").resolve("postmaster.pid")).get(0).trim();
    return new CloseCpu(HttpBenchmark.redisPids(dir), Long.parseLong(pid));
  }

  private double[] sample() {
    double[] machine = new CpuMeter(List.of()).sample(ProcessHandle.current().pid());
    return new double[] {machine[0], CpuMeter.seconds(shards), CpuMeter.treeSeconds(postgres), machine[2]};
  }

  /** Ends the span: its CPU seconds, this process and the shards. */
  double[] used() {
    millis = (System.nanoTime() - t) / 1e6;
    double[] after = sample();
    return new double[] {after[0] - before[0], after[1] - before[1]};
  }

  /** Ends the span: its time in ms and CPU seconds, as a table's cells. */
  String stop() {
    millis = (System.nanoTime() - t) / 1e6;
    double[] after = sample();
    return String.format(Locale.ROOT, "%.0f | %.1f / %.1f / %.1f / %.1f", millis, after[0] - before[0],
        after[1] - before[1], after[2] - before[2], after[3] - before[3]);
  }

  /** The span's time in ms, once ended. */
  double millis() {
    return millis;
  }
}
