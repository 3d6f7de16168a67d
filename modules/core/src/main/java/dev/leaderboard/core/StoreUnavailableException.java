package dev.leaderboard.core;

import java.util.OptionalInt;

/**
 * A store the request needs did not answer (a Redis shard or the PostgreSQL archive is down,
 * restarting or unreachable): 503, and the caller may retry. Stores raise it by the type of the
 * failure they saw, so nothing above them inspects driver exceptions. A Redis failure carries the
 * index of the shard that did not answer, so an answer that leaves that shard out can name it
 * without its address.
 */
public final class StoreUnavailableException extends LeaderboardException {
  private static final int NO_SHARD = -1;

  private final int shard;

  public StoreUnavailableException(String code, String message, Throwable cause) {
    this(code, message, cause, NO_SHARD);
  }

  private StoreUnavailableException(String code, String message, Throwable cause, int shard) {
    super(503, code, message, cause);
    this.shard = shard;
  }

  /** Redis endpoint number {@code shard} ({@code endpoint} its label) failed to answer. */
  public static StoreUnavailableException redis(int shard, String endpoint, Throwable cause) {
    return new StoreUnavailableException("shard_unavailable",
        "a Redis shard is unavailable (shard " + shard + ", " + endpoint + ": " + cause.getMessage() + "); retry later",
        cause, shard);
  }

  /** The PostgreSQL archive failed to answer. */
  public static StoreUnavailableException archive(Throwable cause) {
    return new StoreUnavailableException("archive_unavailable",
        "the archive (PostgreSQL) is unavailable (" + cause.getMessage() + "); retry later", cause);
  }

  /** The index of the Redis shard that did not answer; empty for any other store. */
  public OptionalInt shard() {
    return shard == NO_SHARD ? OptionalInt.empty() : OptionalInt.of(shard);
  }
}
