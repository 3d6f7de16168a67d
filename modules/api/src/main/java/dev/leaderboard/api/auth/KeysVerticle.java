package dev.leaderboard.api.auth;

import dev.leaderboard.store.RedisTopology;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.util.List;

/**
 * Holds the node's API keys: connects to the shards, loads the key records into the node's
 * {@link KeyCache} and offers it to the HTTP API ({@link NodeKeys}). Deploy one per node, before the
 * HTTP verticles; until it runs they answer every request that needs a credential with 503.
 */
public class KeysVerticle extends VerticleBase {
  private final RedisTopology redis;
  private final Clock clock;
  private Shards shards;
  private KeyCache cache;

  /** @param clock decides when a key has expired */
  public KeysVerticle(List<String> endpoints, Clock clock) {
    this(RedisTopology.standalone(endpoints), clock);
  }

  /** @param redis standalone endpoints or a Redis Cluster's seed nodes */
  public KeysVerticle(RedisTopology redis, Clock clock) {
    this.redis = redis;
    this.clock = clock;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, redis, KeyCache.POOL);
    cache = new KeyCache(vertx, new ApiKeyStore(shards), clock);
    return cache.start().onSuccess(ok -> NodeKeys.of(vertx).offer(cache)).onFailure(e -> shards.close());
  }

  @Override
  public Future<?> stop() {
    if (cache == null) {
      return Future.succeededFuture();
    }
    NodeKeys.of(vertx).withdraw(cache);
    return cache.stop().onComplete(done -> shards.close());
  }

  /** The node's keys once started. */
  public KeyCache cache() {
    return cache;
  }
}
