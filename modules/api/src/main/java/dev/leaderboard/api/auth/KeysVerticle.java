package dev.leaderboard.api.auth;

import dev.leaderboard.service.NodeStore;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;

/**
 * Holds the node's API keys: loads the key records from the node's {@link NodeStore} into its
 * {@link KeyCache} and offers it to the HTTP API ({@link NodeKeys}). Deploy one per node, before the
 * HTTP verticles; until it runs they answer every request that needs a credential with 503.
 */
public class KeysVerticle extends VerticleBase {
  private final Options options;
  private NodeStore store;
  private KeyCache cache;

  /** @param clock decides when a key has expired */
  public record Options(NodeStore.Options store, Clock clock) {
  }

  public KeysVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    return NodeStore.acquire(vertx, options.store()).compose(s -> {
      store = s;
      cache = new KeyCache(vertx, s.apiKeys(), options.clock());
      return cache.start();
    }).onSuccess(ok -> NodeKeys.of(vertx).offer(cache));
  }

  @Override
  public Future<?> stop() {
    if (cache != null) {
      NodeKeys.of(vertx).withdraw(cache);
    }
    return (cache == null ? Future.succeededFuture() : cache.stop())
        .eventually(() -> store == null ? Future.succeededFuture() : store.release(vertx));
  }

  /** The node's keys once started. */
  public KeyCache cache() {
    return cache;
  }
}
