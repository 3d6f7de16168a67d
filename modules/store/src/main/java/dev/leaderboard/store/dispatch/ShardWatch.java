package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.StoreUnavailableException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import io.vertx.core.Future;

/**
 * Bounds the wait for one Redis endpoint's answers. A round that gets no answer within the pool's
 * {@link RedisPool#answerMillis} fails as the endpoint being unavailable (503 {@code shard_unavailable};
 * a write so failed may still apply when the endpoint wakes up, as when a connection breaks under
 * it). The endpoint is then <em>stalled</em>: while one round is out to it (the probe), every other
 * round fails at once without being sent, so a hung endpoint costs only the users it holds. The
 * probe's answer (any answer, even an error reply) ends the stall; another timeout keeps it.
 *
 * <p>Until the first round to a hung endpoint times out, the rounds sent to it wait: under load they
 * can hold every request slot of the node for that long ({@code LB_REDIS_TIMEOUT_MS} bounds it).
 *
 * <p>A refused or broken connection fails at once by itself and does not stall the endpoint.
 */
final class ShardWatch {
  private final long answerMillis;
  private final AtomicBoolean stalled = new AtomicBoolean();
  private final AtomicBoolean probing = new AtomicBoolean();

  ShardWatch(long answerMillis) {
    this.answerMillis = answerMillis;
  }

  /** Sends the round with {@code send} (unless the endpoint is stalled and already probed), bounded by the answer time. */
  <T> Future<T> watch(int shard, Supplier<Future<T>> send) {
    boolean probe = false;
    if (stalled.get()) {
      if (!probing.compareAndSet(false, true)) {
        return Future.failedFuture(StoreUnavailableException.redis(shard, new TimeoutException(
            "the shard is not answering; this round was not sent")));
      }
      probe = true;
    }
    boolean isProbe = probe;
    Future<T> answer;
    try {
      answer = send.get();
    } catch (RuntimeException e) {
      answer = Future.failedFuture(e);
    }
    return answer.timeout(answerMillis, TimeUnit.MILLISECONDS).andThen(ar -> {
      if (ar.succeeded() || !(ar.cause() instanceof TimeoutException)) {
        stalled.set(false);
      } else {
        stalled.set(true);
      }
      if (isProbe) {
        probing.set(false);
      }
    });
  }

}
