package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.StoreUnavailableException;
import io.vertx.core.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Bounds the wait for one Redis endpoint's answers. A round unanswered within
 * {@link RedisPool#answerMillis} fails as the endpoint being unavailable (a write so failed may still
 * apply, as when a connection breaks under it), and the endpoint is <em>stalled</em>: while one round
 * (the probe) is out to it, every other round fails at once unsent, so a hung endpoint costs only the
 * users it holds. Any answer to the probe ends the stall. A refused or broken connection fails by
 * itself and stalls nothing.
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
