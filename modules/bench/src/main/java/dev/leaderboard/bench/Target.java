package dev.leaderboard.bench;

/**
 * An HTTP server a {@link Contest} loads with {@code wrk}: the node, the bare endpoint or the Node.js
 * baseline.
 *
 * @param label its name in the figures
 * @param serverPid the process serving it, whose CPU each run records
 * @param spec the load case, on its port
 * @param honourRetryAfter whether a 503's {@code Retry-After} is waited out (see {@link Wrk#run})
 */
record Target(String label, long serverPid, LoadSpec spec, boolean honourRetryAfter) {
  Target(String label, long serverPid, LoadSpec spec) {
    this(label, serverPid, spec, false);
  }
}
