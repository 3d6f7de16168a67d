package dev.leaderboard.bench;

import java.util.List;
import java.util.Map;

/**
 * A burst: {@link #CONNECTIONS} connections of single submits with rank, a 503's {@code Retry-After}
 * waited out, against the node as configured (shedding beyond its in-flight limit), against a node
 * that sheds nothing (no in-flight limit, room for 100,000 waiting commands per shard in its Redis
 * pool), and against the bare endpoint, one after the other. Before it, the node without limits at
 * growing connection counts: where more concurrency stops adding throughput and only adds waiting,
 * which is what the default in-flight limit is derived from.
 */
final class BurstCase {
  static final int[] CONNECTIONS = {200, 1000};
  private static final int[] SWEEP = {8, 16, 32, 64, 128, 200};

  private final Contest contest;
  private final Report report;
  private final LoadSpec submit;
  private final long jvm;
  private final int unboundedPort;
  private final int barePort;

  /**
   * @param submit the submit-with-rank case against the shedding node (its port, board and users)
   * @param jvm the process serving all three targets
   * @param unboundedPort the node without an in-flight limit
   */
  BurstCase(Contest contest, Report report, LoadSpec submit, long jvm, int unboundedPort, int barePort) {
    this.contest = contest;
    this.report = report;
    this.submit = submit;
    this.jvm = jvm;
    this.unboundedPort = unboundedPort;
    this.barePort = barePort;
  }

  /** The node without limits at each connection count of {@link #SWEEP}, one run each after a short warm-up. */
  void sweep(double seconds) {
    report.section("submit with rank on the node without limits, by connections (" + seconds + " s each)");
    report.line("| connections | req/s | p50 ms | p99 ms | max ms | CPU ms per answer: node / shards / wrk |");
    report.line("|---:|---:|---:|---:|---:|---|");
    for (int connections : SWEEP) {
      Target t = target("c" + connections, unboundedPort, connections);
      contest.unmeasured(t, 1);
      WrkResult r = contest.measured(t, seconds);
      report.line("| %d | %,.0f | %.1f | %.1f | %.1f | %s |%s", connections, r.perSecond(), r.p50Ms(), r.p99Ms(),
          r.maxMs(), r.cpuPerAnswer(), r.errors());
    }
  }

  /** The three targets at each of {@link #CONNECTIONS}, one after the other. */
  void burst(double warmupSeconds, double seconds) {
    report.section("burst: submit with rank, " + seconds + " s per target after " + warmupSeconds + " s of warm-up; "
        + "a 503 is followed by its Retry-After");
    report.line("| connections | target | served req/s | p50 ms | p99 ms | max ms | shed (503) | answers "
        + "| CPU ms per answer: node / shards / wrk |");
    report.line("|---:|---|---:|---:|---:|---:|---:|---:|---|");
    for (int connections : CONNECTIONS) {
      Map<String, WrkResult> r = contest.run(List.of(target("node, shedding", submit.port(), connections),
          target("node without limits", unboundedPort, connections),
          target("bare endpoint", barePort, connections)), warmupSeconds, seconds);
      r.forEach((name, x) -> report.line("| %d | %s | %,.0f | %.1f | %.1f | %.1f | %.1f %% | %,d | %s |%s",
          connections, name, x.perSecond(), x.p50Ms(), x.p99Ms(), x.maxMs(),
          x.answers() == 0 ? 0 : 100.0 * x.shed() / x.answers(), x.answers(), x.cpuPerAnswer(),
          x.non2xx() > x.shed() || x.socketErrors() > 0 ? x.errors() : ""));
    }
  }

  /**
   * Mixed reads and writes ({@link LoadSpec.Kind#MIXED}) on the node as configured, at 64 connections
   * (the reference) and at each of {@link #CONNECTIONS}: served answers per second against the best
   * at 64, and the latency of the answers.
   */
  void mixed(double warmupSeconds, double seconds) {
    report.section("bursts of mixed requests on the node as configured (shedding by waiting time), " + seconds
        + " s per run after " + warmupSeconds + " s of warm-up; a 503 is followed by its Retry-After");
    report.line("| connections | served req/s | vs 64 connections | p50 ms | p99 ms | max ms | shed (503) | answers "
        + "| CPU ms per answer: node / shards / wrk |");
    report.line("|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    double best = 0;
    for (int connections : new int[] {64, CONNECTIONS[0], CONNECTIONS[1]}) {
      Target t = new Target("mixed c" + connections, jvm, LoadSpec.of(LoadSpec.Kind.MIXED, submit.port(),
          submit.board(), submit.users(), connections).withAuthorization(submit.authorization()), true);
      WrkResult x = contest.run(List.of(t), warmupSeconds, seconds).get(t.label());
      double served = x.perSecond();
      if (connections == 64) {
        best = served;
      }
      report.line("| %d | %,.0f | %.2fx | %.1f | %.1f | %.1f | %.1f %% | %,d | %s |%s", connections, served,
          served / best, x.p50Ms(), x.p99Ms(), x.maxMs(), x.answers() == 0 ? 0 : 100.0 * x.shed() / x.answers(),
          x.answers(), x.cpuPerAnswer(), x.non2xx() > x.shed() || x.socketErrors() > 0 ? x.errors() : "");
    }
  }

  private Target target(String label, int port, int connections) {
    return new Target(label, jvm, LoadSpec.of(LoadSpec.Kind.SUBMIT, port, submit.board(), submit.users(), connections)
        .withRank(true).withAuthorization(submit.authorization()), true);
  }
}
