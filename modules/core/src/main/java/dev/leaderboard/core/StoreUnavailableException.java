package dev.leaderboard.core;

import java.util.OptionalInt;

/**
 * A store the request needs did not answer: 503, and the caller may retry. Stores raise it by the
 * failure they saw, so nothing above them inspects driver exceptions. The message, which clients see,
 * names the store (a shard by its index) and nothing else; addresses and driver messages stay in the
 * cause, for the node's log.
 */
public final class StoreUnavailableException extends LeaderboardException {
  /** The code of {@link #unconfirmed}: the write ran on its master, its replicas did not confirm it in time. */
  public static final String UNCONFIRMED = "write_unconfirmed";
  /** When to retry an {@link #UNCONFIRMED} write (the HTTP API says so in {@code Retry-After}). */
  public static final int RETRY_AFTER_SECONDS = 1;
  private static final int NO_SHARD = -1;

  private final int shard;

  public StoreUnavailableException(String code, String message, Throwable cause) {
    this(code, message, cause, NO_SHARD);
  }

  private StoreUnavailableException(String code, String message, Throwable cause, int shard) {
    super(503, code, message, cause);
    this.shard = shard;
  }

  /** Redis shard {@code shard} (its index in the node's endpoint list) failed to answer. */
  public static StoreUnavailableException redis(int shard, Throwable cause) {
    return new StoreUnavailableException("shard_unavailable", "Redis shard " + shard + " is unavailable; retry later",
        cause, shard);
  }

  /**
   * A master of a Redis Cluster (numbered by the first slot it serves) still redirected or refused
   * the request, or did not answer, when the cluster was given {@code millis} to settle (slots
   * moving, a failover under way).
   */
  public static StoreUnavailableException redisUnsettled(int shard, long millis, Throwable cause) {
    return new StoreUnavailableException("shard_unavailable", "Redis shard " + shard + " did not settle within "
        + millis + " ms (slots moving or a failover under way); retry later", cause, shard);
  }

  /**
   * Master {@code shard} of a Redis Cluster applied the write, but only {@code acked} of the
   * {@code wanted} replicas confirmed having it within {@code millis} ms ({@code WAIT}): it would be
   * lost if the master failed now. Writes carry event IDs, so sending it again is safe.
   */
  public static StoreUnavailableException unconfirmed(int shard, int acked, int wanted, long millis) {
    return new StoreUnavailableException(UNCONFIRMED, "Redis shard " + shard + " applied the write but " + acked + " of "
        + wanted + " replicas confirmed it within " + millis + " ms, so a failover could still lose it; retry after "
        + RETRY_AFTER_SECONDS + " s with the same eventId", null, shard);
  }

  /** The PostgreSQL archive failed to answer. */
  public static StoreUnavailableException archive(Throwable cause) {
    return new StoreUnavailableException("archive_unavailable", "the archive (PostgreSQL) is unavailable; retry later",
        cause);
  }

  /** The index of the Redis shard that did not answer; empty for any other store. */
  public OptionalInt shard() {
    return shard == NO_SHARD ? OptionalInt.empty() : OptionalInt.of(shard);
  }
}
