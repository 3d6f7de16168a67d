package dev.leaderboard.client;

import java.time.Duration;

/** Told before each retry of a call, e.g. to log or count them; called on the calling thread. */
@FunctionalInterface
public interface RetryListener {
  /** No-op. */
  RetryListener NONE = (operation, attempt, refusal, wait) -> { };

  /**
   * @param operation the operation's {@code operationId}
   * @param attempt the send that was refused (1 for the first)
   * @param refusal the 429 or 503 answer
   * @param wait how long the client waits before the next send
   */
  void retrying(String operation, int attempt, ApiException refusal, Duration wait);
}
