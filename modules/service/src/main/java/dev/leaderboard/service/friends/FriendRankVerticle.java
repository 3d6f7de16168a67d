package dev.leaderboard.service.friends;

import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.FriendRankService;
import dev.leaderboard.service.NodeServices;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.ServiceGraph;

import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceBinder;
import io.vertx.core.VerticleBase;
import java.time.Clock;

/**
 * Hosts the {@link FriendRankService} on this node's {@link NodeStore}, on the clustered address and
 * in process for the node's HTTP API ({@link NodeServices}). Friend boards gather the friends' scores across the shards and rank them
 * within the group (see {@link FriendRankServiceImpl}).
 */
public class FriendRankVerticle extends VerticleBase {
  private final Options options;
  private NodeStore store;
  private MessageConsumer<JsonObject> binding;
  private FriendRankService service;

  /** @param friendLimit the most friends a user may have */
  public record Options(NodeStore.Options store, Clock clock, int friendLimit) {
  }

  public FriendRankVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    return NodeStore.acquire(vertx, options.store()).compose(s -> {
      store = s;
      service = new FriendRankServiceImpl(s.boards(), s.scores(), ServiceGraph.sources(s, new RankHints()),
          s.friends(), s.profileCache(), options.clock(), options.friendLimit());
      LeaderboardException.registerCodecs(vertx.eventBus());
      binding = new ServiceBinder(vertx).setAddress(BusAddresses.FRIENDS).register(FriendRankService.class, service);
      return binding.completion();
    }).onSuccess(ok -> {
      NodeServices.of(vertx).offer(service);
    });
  }

  @Override
  public Future<?> stop() {
    NodeServices.of(vertx).withdraw(service);
    return (binding == null ? Future.succeededFuture() : binding.unregister())
        .eventually(() -> store == null ? Future.succeededFuture() : store.release(vertx));
  }
}
