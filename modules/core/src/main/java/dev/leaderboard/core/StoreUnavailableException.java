package dev.leaderboard.core;

import java.util.OptionalInt;

/**
 * A store the request needs did not answer: 503, and the caller may retry. Stores raise it by the
 * failure they saw, so nothing above them inspects driver exceptions. The message, which clients see,
 * names the store (a shard by its index) and nothing else; addresses and driver messages stay in the
 * cause, for the node's log.
 */
public final class StoreUnavailableException extends LeaderboardException {
  private static final int NO_SHARD = -1;

  private final int shard;

  private StoreUnavailableException(Refusal refusal, String message, Throwable cause, int shard) {
    super(refusal, message, cause);
    this.shard = shard;
  }

  /** Redis shard {@code shard} (its index in the node's endpoint list) failed to answer. */
  public static StoreUnavailableException redis(int shard, Throwable cause) {
    return new StoreUnavailableException(Refusal.SHARD_UNAVAILABLE, Refusal.SHARD_UNAVAILABLE.message(shard,
        "is unavailable"), cause, shard);
  }

  /**
   * A master of a Redis Cluster (numbered by the first slot it serves) still redirected or refused
   * the request, or did not answer, when the cluster was given {@code millis} to settle (slots
   * moving, a failover under way).
   */
  public static StoreUnavailableException redisUnsettled(int shard, long millis, Throwable cause) {
    return new StoreUnavailableException(Refusal.SHARD_UNAVAILABLE, Refusal.SHARD_UNAVAILABLE.message(shard,
        "did not settle within " + millis + " ms (slots moving or a failover under way)"), cause, shard);
  }

  /**
   * Master {@code shard} of a Redis Cluster applied the write, but only {@code acked} of the
   * {@code wanted} replicas confirmed having it within {@code millis} ms ({@code WAIT}): it would be
   * lost if the master failed now. Writes carry event IDs, so sending it again is safe
   * ({@link Refusal#WRITE_UNCONFIRMED}: {@code Retry-After} says when).
   */
  public static StoreUnavailableException unconfirmed(int shard, int acked, int wanted, long millis) {
    return new StoreUnavailableException(Refusal.WRITE_UNCONFIRMED,
        Refusal.WRITE_UNCONFIRMED.message(shard, acked, wanted, millis), null, shard);
  }

  /** The PostgreSQL archive failed to answer. */
  public static StoreUnavailableException archive(Throwable cause) {
    return new StoreUnavailableException(Refusal.ARCHIVE_UNAVAILABLE,
        Refusal.ARCHIVE_UNAVAILABLE.message("the archive", "is unavailable"), cause, NO_SHARD);
  }

  /** The PostgreSQL audit log cannot be written, so admin actions are refused. */
  public static StoreUnavailableException auditLog() {
    return new StoreUnavailableException(Refusal.ARCHIVE_UNAVAILABLE, Refusal.ARCHIVE_UNAVAILABLE.message("the audit log",
        "cannot be written now, so admin actions are refused; nothing was changed"), null, NO_SHARD);
  }

  /** The index of the Redis shard that did not answer; empty for any other store. */
  public OptionalInt shard() {
    return shard == NO_SHARD ? OptionalInt.empty() : OptionalInt.of(shard);
  }
}
