package dev.leaderboard.core;

/**
 * The node refused work it has no room for: 503 {@link Refusal#OVERLOADED}, to be retried after its
 * {@code Retry-After}. The refused step was
 * never started, so nothing of it took effect; unlike {@link StoreUnavailableException} the stores
 * are up. A request that fails with it is not worth a fallback that asks the same stores again.
 */
public final class OverloadedException extends LeaderboardException {
  /** {@link #reason()} of a full Redis pool queue. */
  public static final String REDIS_POOL = "redis_pool";
  /** {@link #reason()} of a full queue of requests waiting for the next round of one board. */
  public static final String ROUNDS = "rounds";
  /** {@link #reason()} of too many player tokens being verified at once. */
  public static final String TOKEN_CHECKS = "token_checks";

  private final String reason;

  private OverloadedException(String reason, String what, Throwable cause) {
    super(Refusal.OVERLOADED, Refusal.OVERLOADED.message(what), cause);
    this.reason = reason;
  }

  /** What was full: {@link #REDIS_POOL}, {@link #ROUNDS} or {@link #TOKEN_CHECKS} (a metric tag). */
  public String reason() {
    return reason;
  }

  /**
   * A Redis command found the queue for a connection to its shard full; it was not sent. The
   * message names neither the shard's address nor the driver's exception.
   */
  public static OverloadedException redisPool(Throwable cause) {
    return new OverloadedException(REDIS_POOL, "too many Redis commands already wait for a connection to a shard, so one"
        + " this request needed was not sent (a write refused this way did not take effect)", cause);
  }

  /**
   * As many requests as may wait already wait for the next round of the same reads or writes of one
   * board on this event loop; this one was not sent.
   */
  public static OverloadedException roundFull() {
    return new OverloadedException(ROUNDS, "too many requests already wait for the next round to this board's shards,"
        + " so this one was not sent (nothing took effect)", null);
  }

  /**
   * As many player tokens as the node verifies at once are already being verified; this one was
   * not looked at (a flood of tokens the node has not seen, e.g. forged ones, costs a bounded share
   * of its worker threads).
   */
  public static OverloadedException tokenChecks() {
    return new OverloadedException(TOKEN_CHECKS, "too many player tokens are being verified at once, so this request was"
        + " not looked at (nothing took effect)", null);
  }
}
