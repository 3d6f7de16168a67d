package dev.leaderboard.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs targets that are compared with each other in turns, so they see the same machine: each is
 * warmed up, then measured in {@code rounds} short runs, in order on even rounds and in reverse
 * order on odd ones (A B, B A, A B ...), so a slow drift of the machine does not favour either.
 * Before every run the Redis shards are let settle (no AOF rewrite running); every measured run
 * records the CPU time it took ({@link CpuMeter}).
 */
public final class Contest {
  private static final AtomicLong SEEDS = new AtomicLong(1);

  private final Runnable settle;
  private final CpuMeter cpu;

  public Contest(Runnable settle, CpuMeter cpu) {
    this.settle = settle;
    this.cpu = cpu;
  }

  /** Results by label, in the order of {@code targets}. */
  public Map<String, LoadResult> run(List<Target> targets, double warmupSeconds, int rounds, double roundSeconds) {
    for (Target t : targets) {
      settle.run();
      t.run(warmupSeconds, SEEDS.getAndIncrement());
    }
    Map<String, LoadResult> results = new LinkedHashMap<>();
    targets.forEach(t -> results.put(t.label(), new LoadResult()));
    for (int round = 0; round < rounds; round++) {
      List<Target> order = new ArrayList<>(targets);
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      for (Target t : order) {
        settle.run();
        results.get(t.label()).merge(measured(t, roundSeconds));
      }
    }
    return results;
  }

  /** One run of a target with the CPU it took. */
  public LoadResult measured(Target t, double seconds) {
    long[] before = cpu.sample();
    LoadResult r = t.run(seconds, SEEDS.getAndIncrement());
    CpuMeter.add(r.cpu(), before, cpu.sample());
    return r;
  }
}
