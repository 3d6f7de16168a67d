package dev.leaderboard.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time (Linux {@code /proc}, {@code utime + stime}) of the processes a run involves — the
 * serving process and the Redis shards — and of the whole machine, so each figure can say where its
 * CPU went and whether anything else was running. (wrk's own CPU comes from {@code /usr/bin/time},
 * see {@link Wrk}.) Where {@code /proc} is missing every reading is 0.
 */
final class CpuMeter {
  /** Clock ticks per second of {@code /proc} times (USER_HZ, 100 on Linux). */
  private static final double TICKS_PER_SECOND = 100;

  private final List<Long> redis;

  CpuMeter(List<Long> redis) {
    this.redis = redis;
  }

  /** CPU seconds so far: the server process, Redis (all shards), and the machine's busy time. */
  double[] sample(long server) {
    long r = 0;
    for (long pid : redis) {
      r += processTicks(pid);
    }
    return new double[] {processTicks(server) / TICKS_PER_SECOND, r / TICKS_PER_SECOND,
        machineBusyTicks() / TICKS_PER_SECOND};
  }

  /** {@code result} with the CPU taken between the two samples. */
  static WrkResult between(WrkResult result, double[] before, double[] after) {
    return result.withCpu(after[0] - before[0], after[1] - before[1], after[2] - before[2]);
  }

  /** CPU seconds so far of the process and its live descendants (a PostgreSQL server and its backends). */
  static double treeSeconds(long pid) {
    long ticks = processTicks(pid);
    for (ProcessHandle child : ProcessHandle.of(pid).map(h -> h.descendants().toList()).orElse(List.of())) {
      ticks += processTicks(child.pid());
    }
    return ticks / TICKS_PER_SECOND;
  }

  /** CPU seconds so far of the processes. */
  static double seconds(List<Long> pids) {
    long ticks = 0;
    for (long pid : pids) {
      ticks += processTicks(pid);
    }
    return ticks / TICKS_PER_SECOND;
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
