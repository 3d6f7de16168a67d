package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.intake.ScoreNotice;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceBinder;
import io.vertx.core.VerticleBase;
import java.time.Clock;

/**
 * Hosts the leaderboard service on this node's {@link NodeStore}: serves it on the clustered address
 * and offers it in process to the node's HTTP API ({@link NodeServices}).
 * Publishes what its submits change ({@link ScoreNotice}).
 */
public class LeaderboardVerticle extends VerticleBase {
  private final Options options;
  private NodeStore store;
  private MessageConsumer<JsonObject> binding;
  private LocalLeaderboardService service;

  /**
   * @param store where the node's stores are
   * @param partitions partitions of a board that does not say
   * @param closeLeaseMillis how long the close lease of a period closed on request outlives a dead node
   * @param noticeIntervalMillis how long score changes are gathered before one {@link ScoreNotice}
   *     per board and period is published
   */
  public record Options(NodeStore.Options store, Clock clock, int partitions, long closeLeaseMillis,
      long noticeIntervalMillis) {
    public Options(NodeStore.Options store, Clock clock, int partitions) {
      this(store, clock, partitions, PeriodCloser.DEFAULT_LEASE_MILLIS, ScoreNotices.DEFAULT_INTERVAL_MS);
    }

    public Options withCloseLease(long millis) {
      return new Options(store, clock, partitions, millis, noticeIntervalMillis);
    }

    public Options withNoticeInterval(long millis) {
      return new Options(store, clock, partitions, closeLeaseMillis, millis);
    }
  }

  public LeaderboardVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    return NodeStore.acquire(vertx, options.store()).compose(s -> {
      store = s;
      service = new ServiceGraph(vertx, s, options.clock(), options.partitions(), options.closeLeaseMillis(),
          options.noticeIntervalMillis()).service();
      LeaderboardException.registerCodecs(vertx.eventBus());
      binding = new ServiceBinder(vertx).setAddress(BusAddresses.SERVICE).register(LeaderboardService.class, service);
      return binding.completion();
    }).onSuccess(ok -> {
      NodeServices.of(vertx).offer(service);
    });
  }

  @Override
  public Future<?> stop() {
    if (service != null) {
      NodeServices.of(vertx).withdraw(service);
    }
    return (binding == null ? Future.succeededFuture() : binding.unregister())
        .eventually(() -> store == null ? Future.succeededFuture() : store.release(vertx));
  }
}
