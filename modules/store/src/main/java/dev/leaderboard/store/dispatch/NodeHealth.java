package dev.leaderboard.store.dispatch;

import dev.leaderboard.core.OverloadedException;
import io.vertx.core.Future;
import io.vertx.redis.client.Response;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * PINGs of Redis nodes for {@link Shards#health}: how one answered, and a log line each time a node
 * goes down or comes back (with its address, for the node's log only).
 */
final class NodeHealth {
  private final Logger log;
  /** Labels of the nodes the last round found down, so that the log tells each change once. */
  private final Set<String> down = ConcurrentHashMap.newKeySet();

  NodeHealth(Logger log) {
    this.log = log;
  }

  /**
   * The health of one node from its answer to a PING, within {@code timeoutMillis}; logs a change.
   *
   * @param name how the log names it ({@code shard 2}); {@code label} its address without credentials
   */
  Future<EndpointHealth> check(Future<List<Response>> pong, long timeoutMillis, String name, String label) {
    long start = System.nanoTime();
    return pong.timeout(timeoutMillis, TimeUnit.MILLISECONDS).transform(ar -> {
      double ms = Math.round((System.nanoTime() - start) / 10_000.0) / 100.0;
      // a PING this node's full queue refused says nothing about the shard: it is up
      boolean up = ar.succeeded() || ar.cause() instanceof OverloadedException;
      logChange(name, label, up ? null : ar.cause());
      return Future.succeededFuture(new EndpointHealth(up, ms, up ? null : RedisFailures.summary(ar.cause())));
    });
  }

  private void logChange(String name, String label, Throwable failure) {
    if (failure != null && down.add(label)) {
      log.warn("{} ({}) does not answer PING: {}", name, label, RedisFailures.underlying(failure));
    } else if (failure == null && down.remove(label)) {
      log.info("{} ({}) answers again", name, label);
    }
  }
}
