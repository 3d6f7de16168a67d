package dev.leaderboard.embedded;

/**
 * One PostgreSQL server shared by every test in the JVM, started on first use and stopped (and its
 * temp directory deleted) by a shutdown hook. Tests must use random board uids.
 */
public final class TestPostgres {

  private static String uri;

  private TestPostgres() {}

  /** Blocking on first call (starts the server): call from a test or setup method, never an event loop. */
  public static synchronized String uri() {
    if (uri == null) {
      uri = TestServers.startUntilJvmExit("postgres", LocalPostgres::start).uri();
    }
    return uri;
  }
}
