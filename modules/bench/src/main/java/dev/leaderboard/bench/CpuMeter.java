package dev.leaderboard.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * CPU time (Linux {@code /proc}) of the processes a run involves — the JVM serving HTTP, the Redis
 * shards, the load generator — and of the whole machine, so each figure can say where its CPU went
 * and whether anything else was running. Where {@code /proc} is missing every reading is 0.
 */
final class CpuMeter {
  /** Clock ticks per second of {@code /proc} times (USER_HZ, 100 on Linux). */
  private static final double TICKS_PER_SECOND = 100;

  private final long service;
  private final List<Long> redis;
  private final long generator;

  CpuMeter(long service, List<Long> redis, long generator) {
    this.service = service;
    this.redis = redis;
    this.generator = generator;
  }

  /** Ticks so far: service JVM, Redis (all shards), load generator, and the machine's busy time. */
  long[] sample() {
    long r = 0;
    for (long pid : redis) {
      r += processTicks(pid);
    }
    return new long[] {processTicks(service), r, processTicks(generator), machineBusyTicks()};
  }

  /** {@code after - before}, accumulated into {@code into}. */
  static void add(long[] into, long[] before, long[] after) {
    for (int i = 0; i < into.length; i++) {
      into[i] += after[i] - before[i];
    }
  }

  /**
   * CPU per successful answer, in ms, of the serving JVM, of Redis and of the load generator, and
   * the share of the machine's busy time used by other processes.
   */
  static String describe(long[] ticks, long answers) {
    if (answers == 0 || ticks[3] == 0) {
      return "cpu: n/a";
    }
    double perAnswer = 1000.0 / TICKS_PER_SECOND / answers;
    long ours = ticks[0] + ticks[1] + ticks[2];
    return String.format(Locale.ROOT, "cpu per answer: JVM %.3f ms, redis %.3f ms, load generator %.3f ms; other "
        + "processes %.0f %% of the busy CPU", ticks[0] * perAnswer, ticks[1] * perAnswer, ticks[2] * perAnswer,
        100.0 * Math.max(0, ticks[3] - ours) / ticks[3]);
  }

  private static long processTicks(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long machineBusyTicks() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long busy = 0;
      for (int i = 1; i < f.length && i <= 8; i++) {
        // user nice system idle iowait irq softirq steal: all but idle (4) and iowait (5)
        if (i != 4 && i != 5) {
          busy += Long.parseLong(f[i]);
        }
      }
      return busy;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
