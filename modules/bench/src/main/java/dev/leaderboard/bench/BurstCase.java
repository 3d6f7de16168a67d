package dev.leaderboard.bench;

import java.util.List;
import java.util.Map;

/**
 * A burst: {@value #CONNECTIONS} connections of single submits with rank, each a closed loop that
 * honours {@code Retry-After}, against the node as configured (shedding beyond its in-flight limit),
 * against a node that sheds nothing (no in-flight limit, room for 100,000 waiting commands per shard
 * in its Redis pool), and against the bare endpoint, measured in turns. Before it, the node without
 * limits at growing connection counts: where more concurrency stops adding throughput and only adds
 * waiting, which is what the default in-flight limit is derived from.
 */
final class BurstCase {
  static final int CONNECTIONS = 200;
  private static final int[] SWEEP = {8, 16, 32, 64, 128, 200};

  private final LoadClient load;
  private final Contest contest;
  private final Report report;
  private final LoadSpec submit;
  private final int unboundedPort;
  private final int barePort;

  /**
   * @param submit the submit-with-rank case against the shedding node (its port, board and users)
   * @param unboundedPort the node without an in-flight limit
   */
  BurstCase(LoadClient load, Contest contest, Report report, LoadSpec submit, int unboundedPort, int barePort) {
    this.load = load;
    this.contest = contest;
    this.report = report;
    this.submit = submit;
    this.unboundedPort = unboundedPort;
    this.barePort = barePort;
  }

  /** The node without limits at each connection count of {@link #SWEEP}, one run each after a short warm-up. */
  void sweep(double seconds) {
    report.section("submit with rank on the node without limits, by connections (" + seconds + " s each)");
    report.line("| connections | req/s | p50 ms | p99 ms | max ms | cpu |");
    report.line("|---:|---:|---:|---:|---:|---|");
    for (int connections : SWEEP) {
      Target t = Target.http("c" + connections, load, spec(unboundedPort, connections));
      t.run(1, 0);
      LoadResult r = contest.measured(t, seconds);
      report.line("| %d | %,.0f | %.1f | %.1f | %.1f | %s |%s", connections, r.perSecond(), r.servedMs(50),
          r.servedMs(99), r.servedMs(100), CpuMeter.describe(r.cpu(), r.ok()), Report.errors(r));
    }
  }

  /** The three targets at {@value #CONNECTIONS} connections, in turns. */
  void burst(double warmupSeconds, int rounds, double roundSeconds) {
    report.section("burst: " + CONNECTIONS + " connections of submit with rank (" + rounds + " rounds of "
        + roundSeconds + " s per target; a 503 is followed by its Retry-After)");
    Map<String, LoadResult> r = contest.run(List.of(
        Target.http("node, shedding", load, spec(submit.port(), CONNECTIONS)),
        Target.http("node without limits", load, spec(unboundedPort, CONNECTIONS)),
        Target.http("bare endpoint", load, spec(barePort, CONNECTIONS))), warmupSeconds, rounds, roundSeconds);
    report.line("| target | served req/s | p50 ms | p99 ms | max ms | shed (503) | answers | cpu |");
    report.line("|---|---:|---:|---:|---:|---:|---:|---|");
    r.forEach((name, x) -> report.line("| %s | %,.0f | %.1f | %.1f | %.1f | %.1f %% | %,d | %s |%s", name,
        x.perSecond(), x.servedMs(50), x.servedMs(99), x.servedMs(100), 100 * x.share("503"), x.total(),
        CpuMeter.describe(x.cpu(), x.total()), otherErrors(x)));
  }

  private LoadSpec spec(int port, int connections) {
    return LoadSpec.of(LoadSpec.Kind.SUBMIT, port, submit.board(), submit.users(), connections).withRank(true);
  }

  /** Errors other than the 503s counted as shed. */
  private static String otherErrors(LoadResult r) {
    long shed = Math.round(r.share("503") * r.total());
    return r.errors() > shed ? " errors: " + r.errorSummary() : "";
  }
}
