package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.service.impl.BoardRegistry;
import dev.leaderboard.service.impl.ServiceBindings;
import dev.leaderboard.service.impl.FriendRankServiceImpl;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.FriendStore;
import dev.leaderboard.store.RedisPool;
import dev.leaderboard.store.RedisTopology;
import dev.leaderboard.store.ScoreStore;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import java.time.Clock;
import java.util.List;

/**
 * Hosts the {@link FriendRankService} on this node: its own shard clients and board cache, the
 * service on the clustered address, offered in process to the node's HTTP API ({@link NodeServices}). Friend boards gather the friends'
 * scores across the shards and rank them within the group (see {@link FriendRankServiceImpl}).
 */
public class FriendRankVerticle extends VerticleBase {
  private final RedisTopology redis;
  private final String pgUri;
  private final Clock clock;
  private final int friendLimit;
  private final RedisPool pool;
  private Shards shards;
  private ArchiveStore archive;
  private BoardRegistry registry;
  private ServiceBindings bindings;
  private FriendRankService service;

  /**
   * @param pgUri the archive, for friend boards of closed periods
   * @param friendLimit the most friends a user may have
   */
  public FriendRankVerticle(List<String> endpoints, String pgUri, Clock clock, int friendLimit) {
    this(endpoints, pgUri, clock, friendLimit, RedisPool.of(LeaderboardVerticle.POOL_SIZE));
  }

  /** @param pool the connections to each shard and how many commands may wait for one */
  public FriendRankVerticle(List<String> endpoints, String pgUri, Clock clock, int friendLimit, RedisPool pool) {
    this(RedisTopology.standalone(endpoints), pgUri, clock, friendLimit, pool);
  }

  /** @param redis standalone endpoints or a Redis Cluster's seed nodes */
  public FriendRankVerticle(RedisTopology redis, String pgUri, Clock clock, int friendLimit, RedisPool pool) {
    this.redis = redis;
    this.pgUri = pgUri;
    this.clock = clock;
    this.friendLimit = friendLimit;
    this.pool = pool;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, redis, pool);
    registry = new BoardRegistry(vertx, new BoardStore(shards));
    ScoreStore scores = new ScoreStore(shards);
    archive = ArchiveStore.connect(vertx, pgUri);
    service = new FriendRankServiceImpl(registry, scores, archive, new FriendStore(shards), clock,
        friendLimit);
    return scores.loadScripts()
        .compose(ok -> registry.start())
        .compose(ok -> ServiceBindings.bind(vertx, FriendRankService.class, service, FriendRankService.ADDRESS))
        .onSuccess(b -> {
          bindings = b;
          NodeServices.of(vertx).offer(service);
        });
  }

  @Override
  public Future<?> stop() {
    NodeServices.of(vertx).withdraw(service);
    return Future.all(bindings == null ? Future.succeededFuture() : bindings.unbind(),
            registry == null ? Future.succeededFuture() : registry.stop())
        .onComplete(done -> {
          if (shards != null) {
            shards.close();
          }
          if (archive != null) {
            archive.close();
          }
        });
  }
}
