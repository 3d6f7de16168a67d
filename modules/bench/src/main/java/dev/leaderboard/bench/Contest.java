package dev.leaderboard.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs targets that are compared with each other one after the other, so they see the same
 * machine: each gets a warm-up run, then its measured run, before the next target's turn. Before
 * every run the Redis shards are let settle (no AOF rewrite running); every measured run records
 * the CPU time of the serving process, the shards and wrk ({@link CpuMeter}).
 */
final class Contest {
  static final int WRK_THREADS = 2;

  private final Runnable settle;
  private final CpuMeter cpu;
  private final Wrk wrk;
  private long seeds = 1;

  Contest(Runnable settle, CpuMeter cpu, Wrk wrk) {
    this.settle = settle;
    this.cpu = cpu;
    this.wrk = wrk;
  }

  /** Results by label, in the order of {@code targets}. */
  Map<String, WrkResult> run(List<Target> targets, double warmupSeconds, double seconds) {
    Map<String, WrkResult> results = new LinkedHashMap<>();
    for (Target t : targets) {
      unmeasured(t, warmupSeconds);
      results.put(t.label(), measured(t, seconds));
    }
    return results;
  }

  /** A run whose figures are not kept (a warm-up). */
  void unmeasured(Target t, double seconds) {
    settle.run();
    wrk.run(t.spec().forRun(seconds, seeds++), WRK_THREADS, t.honourRetryAfter(), false);
  }

  /** One run of a target with the CPU it took. */
  WrkResult measured(Target t, double seconds) {
    settle.run();
    double[] before = cpu.sample(t.serverPid());
    WrkResult r = wrk.run(t.spec().forRun(seconds, seeds++), WRK_THREADS, t.honourRetryAfter(), false);
    return CpuMeter.between(r, before, cpu.sample(t.serverPid()));
  }
}
