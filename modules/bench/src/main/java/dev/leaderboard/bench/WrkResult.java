package dev.leaderboard.bench;

import java.util.Locale;

/**
 * What one {@code wrk} run measured, and the CPU the run took.
 *
 * @param answers responses of any status
 * @param non2xx responses whose status was not 2xx (without a {@code response()} hook in the script:
 *     wrk's count of status 400 and above; none of the servers measured answers 1xx or 3xx)
 * @param shed 503 answers (counted only where the script honours {@code Retry-After}; else 0)
 * @param socketErrors connect, read, write errors and timeouts
 * @param seconds the run's wall time
 * @param p50Ms median latency of all answers
 * @param p99Ms 99th percentile latency of all answers
 * @param maxMs slowest answer
 * @param events events carried by the 2xx answers (the batch size for batches, else one each)
 * @param cpu CPU seconds of the run: the serving process, the Redis shards (sum), wrk itself, and the
 *     whole machine's busy time ({@link CpuMeter}); zeros until {@link #withCpu} fills them in
 * @param quantiles latency in ms at 0.05 %, 0.15 %, ... 99.95 % of the answers, each standing for a
 *     thousandth of them, when the run was asked for them ({@link Wrk#run}); else null
 */
record WrkResult(long answers, long non2xx, long shed, long socketErrors, double seconds, double p50Ms, double p99Ms,
    double maxMs, long events, double[] cpu, double[] quantiles) {

  long ok() {
    return answers - non2xx;
  }

  /** 2xx answers per second. */
  double perSecond() {
    return seconds == 0 ? 0 : ok() / seconds;
  }

  double eventsPerSecond() {
    return seconds == 0 ? 0 : events / seconds;
  }

  WrkResult withCpu(double server, double redis, double machineBusy) {
    return new WrkResult(answers, non2xx, shed, socketErrors, seconds, p50Ms, p99Ms, maxMs, events,
        new double[] {server, redis, cpu[2], machineBusy}, quantiles);
  }

  /** ms of CPU per answer (of any status) of the server, the Redis shards and wrk: {@code 0.123 / 0.045 / 0.030}. */
  String cpuPerAnswer() {
    return answers == 0 ? "n/a" : String.format(Locale.ROOT, "%.3f / %.3f / %.3f", perAnswer(0), perAnswer(1),
        perAnswer(2));
  }

  /** ms of CPU per answer of one of the processes (0 server, 1 Redis, 2 wrk). */
  double perAnswer(int process) {
    return answers == 0 ? 0 : 1000 * cpu[process] / answers;
  }

  /** The share of the machine's busy CPU that went to processes other than the three measured. */
  double otherShare() {
    double measured = cpu[0] + cpu[1] + cpu[2];
    return cpu[3] <= 0 ? 0 : Math.max(0, cpu[3] - measured) / cpu[3];
  }

  /** Non-2xx answers and socket errors, when there were any. */
  String errors() {
    return non2xx == 0 && socketErrors == 0 ? "" : " non-2xx: " + non2xx + ", socket errors: " + socketErrors;
  }
}
