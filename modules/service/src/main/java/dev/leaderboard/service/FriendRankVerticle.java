package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.service.impl.BoardRegistry;
import dev.leaderboard.service.impl.FriendRankServiceImpl;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.FriendStore;
import dev.leaderboard.store.ScoreStore;
import dev.leaderboard.store.Shards;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceBinder;
import java.time.Clock;
import java.util.List;

/**
 * Hosts the {@link FriendRankService} on this node: its own shard clients and board cache, the
 * service on the clustered address and on the node-local one. Friend boards gather the friends'
 * scores across the shards and rank them within the group (see {@link FriendRankServiceImpl}).
 */
public class FriendRankVerticle extends VerticleBase {
  private final List<String> endpoints;
  private final String pgUri;
  private final Clock clock;
  private final int friendLimit;
  private Shards shards;
  private ArchiveStore archive;
  private BoardRegistry registry;
  private MessageConsumer<JsonObject> clustered;
  private MessageConsumer<JsonObject> local;

  /**
   * @param pgUri the archive, for friend boards of closed periods
   * @param friendLimit the most friends a user may have
   */
  public FriendRankVerticle(List<String> endpoints, String pgUri, Clock clock, int friendLimit) {
    this.endpoints = endpoints;
    this.pgUri = pgUri;
    this.clock = clock;
    this.friendLimit = friendLimit;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, endpoints, 16);
    registry = new BoardRegistry(vertx, new BoardStore(shards));
    ScoreStore scores = new ScoreStore(shards);
    archive = ArchiveStore.connect(vertx, pgUri);
    FriendRankService service = new FriendRankServiceImpl(registry, scores, archive, new FriendStore(shards), clock,
        friendLimit);
    ServiceBinder binder = new ServiceBinder(vertx);
    return scores.loadScripts().compose(ok -> registry.start()).compose(ok -> {
      clustered = binder.setAddress(FriendRankService.ADDRESS).register(FriendRankService.class, service);
      local = binder.setAddress(FriendRankService.LOCAL_ADDRESS).registerLocal(FriendRankService.class, service);
      return Future.all(clustered.completion(), local.completion());
    });
  }

  @Override
  public Future<?> stop() {
    return Future.all(clustered == null ? Future.succeededFuture() : clustered.unregister(),
            local == null ? Future.succeededFuture() : local.unregister(),
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
