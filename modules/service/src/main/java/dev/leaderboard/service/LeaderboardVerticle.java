package dev.leaderboard.service;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.service.impl.BoardRegistry;
import dev.leaderboard.service.impl.PeriodCloser;
import dev.leaderboard.store.PeriodStore;
import dev.leaderboard.service.impl.LeaderboardServiceImpl;
import dev.leaderboard.store.BoardStore;
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
 * Hosts the leaderboard service on this node: connects to the shards, loads the board cache, and
 * serves the service on the clustered address and on the node-local one.
 */
public class LeaderboardVerticle extends VerticleBase {
  private final List<String> endpoints;
  private final String pgUri;
  private final int defaultPartitions;
  private final Clock clock;
  private Shards shards;
  private ArchiveStore archive;
  private BoardRegistry registry;
  private MessageConsumer<JsonObject> clustered;
  private MessageConsumer<JsonObject> local;

  public LeaderboardVerticle(List<String> endpoints, String pgUri, int defaultPartitions, Clock clock) {
    this.endpoints = endpoints;
    this.pgUri = pgUri;
    this.defaultPartitions = defaultPartitions;
    this.clock = clock;
  }

  @Override
  public Future<?> start() {
    shards = Shards.connect(vertx, endpoints, 16);
    BoardStore boardStore = new BoardStore(shards);
    registry = new BoardRegistry(vertx, boardStore);
    ScoreStore scores = new ScoreStore(shards);
    archive = ArchiveStore.connect(vertx, pgUri);
    PeriodCloser closer = new PeriodCloser(vertx, registry, boardStore, new PeriodStore(shards), archive, clock);
    LeaderboardService service = new LeaderboardServiceImpl(registry, boardStore, scores, archive, closer, clock,
        defaultPartitions);
    ServiceBinder binder = new ServiceBinder(vertx);
    return scores.loadScripts().compose(ok -> archive.migrate()).compose(ok -> registry.start()).compose(ok -> {
      clustered = binder.setAddress(LeaderboardService.ADDRESS).register(LeaderboardService.class, service);
      local = binder.setAddress(LeaderboardService.LOCAL_ADDRESS).registerLocal(LeaderboardService.class, service);
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
