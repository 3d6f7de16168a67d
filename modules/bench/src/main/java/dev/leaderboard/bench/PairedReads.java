package dev.leaderboard.bench;

import io.vertx.core.Future;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A read measured beside its baseline in alternating rounds (baseline then read, read then baseline,
 * and so on), so that whatever drifts during the run (a shard's background work, the JIT, the page
 * cache) falls on both alike rather than on whichever ran second. Each gets a warm-up first; its
 * answers, time, CPU (this process, the shards) and Redis commands are summed over its rounds.
 */
final class PairedReads {
  /** Rounds of each read, alternating. */
  static final int ROUNDS = 4;
  private final Path dir;
  private final RedisNodes nodes;
  private final int inFlight;
  private final double seconds;

  /**
   * Reads with {@code inFlight} calls in flight, {@code seconds} in all for each (in {@link #ROUNDS}
   * rounds), on the benchmark's processes under {@code dir} and {@code nodes}.
   */
  PairedReads(Path dir, RedisNodes nodes, int inFlight, double seconds) {
    this.dir = dir;
    this.nodes = nodes;
    this.inFlight = inFlight;
    this.seconds = seconds;
  }

  /** One read's sums over its rounds. */
  private static final class Sums {
    private final String what;
    private final Supplier<Future<?>> call;
    private final Map<String, long[]> commands = new HashMap<>();
    private long answers;
    private double millis;
    private double node;
    private double shards;

    Sums(String what, Supplier<Future<?>> call) {
      this.what = what;
      this.call = call;
    }

    double perSecond() {
      return answers / (millis / 1000);
    }
  }

  /**
   * Measures {@code call} beside {@code baseline}, writes each one's table row (answers/s, CPU ms per
   * answer of the node and the shards, Redis µs per answer and its top commands) and answers the
   * baseline's time per answer over the read's: how many times the baseline's cost one read costs.
   */
  double pair(Report report, String baselineWhat, Supplier<Future<?>> baseline, String what,
      Supplier<Future<?>> call) throws Exception {
    Sums a = new Sums(baselineWhat, baseline);
    Sums b = new Sums(what, call);
    run(a.call, seconds / 2);
    run(b.call, seconds / 2);
    for (int r = 0; r < ROUNDS; r++) {
      List<Sums> order = r % 2 == 0 ? List.of(a, b) : List.of(b, a);
      for (Sums s : order) {
        round(s);
      }
    }
    for (Sums s : List.of(a, b)) {
      RedisNodes.Costs costs = RedisNodes.costs(Map.of(), s.commands, s.answers);
      report.line("| %s | %,.0f | %.3f / %.3f | %.1f | %s |", s.what, s.perSecond(), s.node * 1000 / s.answers,
          s.shards * 1000 / s.answers, costs.usecPerAnswer(), costs.top());
    }
    return a.perSecond() / b.perSecond();
  }

  private void round(Sums s) throws Exception {
    Map<String, long[]> before = nodes.commandStats();
    CloseCpu cpu = CloseCpu.start(dir);
    long answers = run(s.call, seconds / ROUNDS);
    double[] used = cpu.used();
    Map<String, long[]> after = nodes.commandStats();
    after.forEach((command, sum) -> {
      long[] was = before.getOrDefault(command, new long[2]);
      long[] total = s.commands.computeIfAbsent(command, c -> new long[2]);
      total[0] += sum[0] - was[0];
      total[1] += sum[1] - was[1];
    });
    s.answers += answers;
    s.millis += cpu.millis();
    s.node += used[0];
    s.shards += used[1];
  }

  /** Calls {@code call} for {@code seconds}, {@link #inFlight} in flight: the answers. */
  private long run(Supplier<Future<?>> call, double seconds) {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long answers = 0;
    while (System.nanoTime() < end) {
      List<Future<?>> flight = new ArrayList<>(inFlight);
      for (int i = 0; i < inFlight; i++) {
        flight.add(call.get());
      }
      Future.all(flight).await();
      answers += inFlight;
    }
    return answers;
  }
}
