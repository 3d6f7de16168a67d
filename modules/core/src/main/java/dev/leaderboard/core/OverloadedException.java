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

  private OverloadedException(String message, Throwable cause) {
    super(503, CODE, message, cause);
  }

  /**
   * A Redis command found the queue for a connection to its shard full; it was not sent. The
   * message names neither the shard's address nor the driver's exception.
   */
  public static OverloadedException redisPool(Throwable cause) {
    return new OverloadedException("the node is overloaded: too many Redis commands already wait for a "
        + "connection to a shard, so one this request needed was not sent (a write refused this way did not take "
        + "effect); retry after "
        + RETRY_AFTER_SECONDS + " s", cause);
  }
}
