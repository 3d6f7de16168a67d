package dev.leaderboard.embedded;

import java.util.List;

/**
 * Four redis shards shared by every test in the JVM, started on first use and stopped (and their
 * temp directory deleted) by a shutdown hook. Tests must use random keys.
 */
public final class TestShards {

  public static final int COUNT = 4;

  private static List<String> endpoints;

  private TestShards() {}

  /** Blocking on first call (starts the processes): call from a test or setup method, never an event loop. */
  public static synchronized List<String> endpoints() {
    if (endpoints == null) {
      endpoints = TestServers.startUntilJvmExit("redis", dir -> LocalRedisShards.start(dir, COUNT)).endpoints();
    }
    return endpoints;
  }
}
