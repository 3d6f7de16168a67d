package dev.leaderboard.core;

/**
 * A store the request needs did not answer (a Redis shard or the PostgreSQL archive is down,
 * restarting or unreachable): 503, and the caller may retry. Stores raise it by the type of the
 * failure they saw, so nothing above them inspects driver exceptions.
 */
public final class StoreUnavailableException extends LeaderboardException {
  public StoreUnavailableException(String code, String message, Throwable cause) {
    super(503, code, message, cause);
  }

  /** A Redis endpoint failed to answer. */
  public static StoreUnavailableException redis(String endpoint, Throwable cause) {
    return new StoreUnavailableException("shard_unavailable",
        "a Redis shard is unavailable (" + endpoint + ": " + cause.getMessage() + "); retry later", cause);
  }

  /** The PostgreSQL archive failed to answer. */
  public static StoreUnavailableException archive(Throwable cause) {
    return new StoreUnavailableException("archive_unavailable",
        "the archive (PostgreSQL) is unavailable (" + cause.getMessage() + "); retry later", cause);
  }
}
