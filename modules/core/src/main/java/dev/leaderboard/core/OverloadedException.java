package dev.leaderboard.core;

/**
 * The node refused work it has no room for: 503 {@code overloaded}, to be retried after
 * {@link #RETRY_AFTER_SECONDS} (the HTTP API says so in {@code Retry-After}). The refused step was
 * never started, so nothing of it took effect; unlike {@link StoreUnavailableException} the stores
 * are up. A request that fails with it is not worth a fallback that asks the same stores again.
 */
public final class OverloadedException extends LeaderboardException {
  public static final String CODE = "overloaded";
  public static final int RETRY_AFTER_SECONDS = 1;
  /** {@link #reason()} of a full Redis pool queue. */
  public static final String REDIS_POOL = "redis_pool";
  /** {@link #reason()} of a full queue of requests waiting for the next round of one board. */
  public static final String ROUNDS = "rounds";
  /** {@link #reason()} of too many player tokens being verified at once. */
  public static final String TOKEN_CHECKS = "token_checks";

  private final String reason;

  private OverloadedException(String reason, String message, Throwable cause) {
    super(503, CODE, message, cause);
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
    return new OverloadedException(REDIS_POOL, "the node is overloaded: too many Redis commands already wait for a "
        + "connection to a shard, so one this request needed was not sent (a write refused this way did not take "
        + "effect); retry after "
        + RETRY_AFTER_SECONDS + " s", cause);
  }

  /**
   * As many requests as may wait already wait for the next round of the same reads or writes of one
   * board on this event loop; this one was not sent.
   */
  public static OverloadedException roundFull() {
    return new OverloadedException(ROUNDS, "the node is overloaded: too many requests already wait for the next "
        + "round to this board's shards, so this one was not sent (nothing took effect); retry after "
        + RETRY_AFTER_SECONDS + " s", null);
  }

  /**
   * As many player tokens as the node verifies at once are already being verified; this one was
   * not looked at (a flood of tokens the node has not seen, e.g. forged ones, costs a bounded share
   * of its worker threads).
   */
  public static OverloadedException tokenChecks() {
    return new OverloadedException(TOKEN_CHECKS, "the node is overloaded: too many player tokens are being verified at once, so "
        + "this request was not looked at (nothing took effect); retry after " + RETRY_AFTER_SECONDS + " s", null);
  }
}
