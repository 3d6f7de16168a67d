package dev.leaderboard.store.dispatch;

/**
 * The connections a service keeps to each Redis endpoint. A command that finds {@code maxWaiting}
 * others waiting fails at once ({@link dev.leaderboard.core.OverloadedException}), so a burst cannot
 * queue work whose answer would come seconds late; a round unanswered within {@code answerMillis}
 * fails as the endpoint being unavailable ({@link ShardWatch}), since a hung process closes no connection.
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
