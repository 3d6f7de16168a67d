package dev.leaderboard.embedded;

import java.time.Duration;
import java.util.List;

/**
 * A Redis Cluster of three masters shared by every test in the JVM that only reads and writes keys
 * (never moves slots or fails nodes over: those tests start a {@link LocalRedisCluster} of their
 * own), started on first use and stopped by a shutdown hook. Tests must use random keys.
 */
public final class TestCluster {

  public static final int MASTERS = 3;

  private static List<String> seeds;

  private TestCluster() {}

  /** Blocking on first call (starts the nodes): the masters' endpoints, as seed nodes. */
  public static synchronized List<String> seeds() {
    if (seeds == null) {
      seeds = TestServers.startUntilJvmExit("redis-cluster",
          dir -> LocalRedisCluster.start(dir, MASTERS, 0, Duration.ofSeconds(5))).seeds();
    }
    return seeds;
  }
}
