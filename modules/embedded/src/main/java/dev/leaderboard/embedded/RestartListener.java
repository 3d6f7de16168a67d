package dev.leaderboard.embedded;

/** Told which local servers are supervised, and of every restart of one that had exited. */
public interface RestartListener {

  /** Listens to nothing. */
  RestartListener NONE = server -> { };

  /** {@code server} ({@code redis-<i>} or {@code postgres}) has started and is watched from now on. */
  default void supervising(String server) {
  }

  /**
   * {@code server} had exited while nobody was stopping it, and runs again. Called on the server's
   * supervisor thread, never on an event loop; keep it short.
   */
  void restarted(String server);
}
