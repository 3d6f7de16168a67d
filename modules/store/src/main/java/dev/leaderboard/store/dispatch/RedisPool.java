package dev.leaderboard.store.dispatch;

/**
 * The connections a service keeps to each Redis endpoint, and how many commands may wait for one.
 * A command that finds {@code maxWaiting} others already waiting is not sent: it fails at once with
 * {@link dev.leaderboard.core.OverloadedException} (503 {@code overloaded}), so a burst cannot
 * queue work whose answer would come seconds late.
 *
 * <p>A round that gets no answer within {@code answerMillis} fails as its endpoint being unavailable
 * (see {@link ShardWatch}): a hung process or a network that drops packets closes no connection, and
 * without a bound the round would wait for ever.
 *
 * @param size connections per endpoint
 * @param maxWaiting commands that may wait for a connection to one endpoint
 * @param answerMillis how long one round may wait for its endpoint's answer
 */
public record RedisPool(int size, int maxWaiting, long answerMillis) {
  /** How long a round waits for its answer by default: far above any command of the store under load. */
  public static final long ANSWER_MILLIS = 3_000;
  /**
   * Waiting commands per pooled connection by default. A waiting command waits for about
   * {@code maxWaiting / size} round trips ahead of it: 16 round trips of about a millisecond under
   * load keep the wait in the tens of milliseconds.
   */
  public static final int WAITING_PER_CONNECTION = 16;

  public RedisPool {
    if (size < 1) {
      throw new IllegalArgumentException("a Redis pool needs at least 1 connection (got " + size + ")");
    }
    if (maxWaiting < 0) {
      throw new IllegalArgumentException("maxWaiting must be 0 or more (got " + maxWaiting + ")");
    }
    if (answerMillis < 1) {
      throw new IllegalArgumentException("answerMillis must be 1 or more (got " + answerMillis + ")");
    }
  }

  /** {@code size} connections, {@code maxWaiting} waiting commands, {@link #ANSWER_MILLIS} for an answer. */
  public RedisPool(int size, int maxWaiting) {
    this(size, maxWaiting, ANSWER_MILLIS);
  }

  /** {@code size} connections, {@link #WAITING_PER_CONNECTION} waiting commands for each. */
  public static RedisPool of(int size) {
    return new RedisPool(size, size * WAITING_PER_CONNECTION);
  }
}
