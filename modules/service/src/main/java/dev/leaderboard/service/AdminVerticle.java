package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodKind;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.leagues.LeagueCloser;
import dev.leaderboard.service.periods.CloseMeters;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.webhooks.WebhookDeliveries;
import dev.leaderboard.service.webhooks.WebhookSettings;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls periods over: on each tick every node closes the periods whose end plus grace has passed and
 * finishes those a crash left {@code closing}; a per-period lease lets one node close a period, and
 * lapses if it dies ({@link PeriodCloser} steps are idempotent). Also delivers the webhooks of
 * archived periods ({@link WebhookDeliveries}): at once for this node's, on each tick for any left
 * unfinished. Then closes the leagues' periods that are due ({@link LeagueCloser#closeDue}). A pass
 * reports how many board periods it found due ({@link CloseMeters}).
 */
public class AdminVerticle extends VerticleBase {
  private static final Logger LOG = LoggerFactory.getLogger(AdminVerticle.class);

  private final Options options;
  private NodeStore store;
  private BoardRegistry registry;
  private PeriodCloser closer;
  private PeriodStore periods;
  private BoardStore boardStore;
  private WebhookDeliveries deliveries;
  private LeagueCloser leagues;
  private long timer = -1;
  private boolean running;
  /** The periods due that the pass under way has found so far. */
  private int due;
  /** The periods due that the last finished pass found. */
  private final AtomicInteger dueFound = CloseMeters.due(new AtomicInteger());

  /**
   * @param intervalMillis how often every board is checked for periods to close
   * @param leaseMillis how long a period's close lease outlives a node that stopped renewing it
   * @param webhooks how period-end webhooks are retried, timed out and leased
   */
  public record Options(NodeStore.Options store, Clock clock, long intervalMillis, long leaseMillis,
      WebhookSettings webhooks) {
    public Options(NodeStore.Options store, Clock clock, long intervalMillis) {
      this(store, clock, intervalMillis, PeriodCloser.DEFAULT_LEASE_MILLIS, WebhookSettings.DEFAULT);
    }
  }

  public AdminVerticle(Options options) {
    this.options = options;
  }

  @Override
  public Future<?> start() {
    return NodeStore.acquire(vertx, options.store()).compose(s -> {
      store = s;
      boardStore = s.boardStore();
      registry = s.boards();
      periods = s.periods();
      ServiceGraph.Closing closing = ServiceGraph.closing(vertx, s, options.clock(), options.leaseMillis(),
          ServiceGraph.intake(vertx, s, options.clock()));
      closer = closing.closer();
      leagues = closing.leagues();
      deliveries = new WebhookDeliveries(vertx, registry, s.deliveries(), s.archive(),
          options.clock(), options.webhooks());
      // only this node's own events: the node that archived a period starts its delivery; the content is
      // only a name, everything is read again from the stores
      vertx.eventBus().<JsonObject>localConsumer(BusAddresses.PERIOD_ARCHIVED, event -> registry
          .require(event.body().getString("board"))
          .compose(b -> b.events().webhook() == null ? Future.succeededFuture()
              : deliveries.deliver(b, event.body().getString("period")))
          .onFailure(t -> LOG.warn("delivering the webhook of {} stopped: {}", event.body().getString("period"),
              t.toString())));
      timer = vertx.setPeriodic(options.intervalMillis(), options.intervalMillis(), id -> pass());
      // from any node: a redelivery asked of the API
      return vertx.eventBus().<JsonObject>consumer(BusAddresses.WEBHOOK_REDELIVER, event -> registry
          .require(event.body().getString("board"))
          .compose(b -> b.uid().equals(event.body().getString("boardUid"))
              ? deliveries.hurry(b, event.body().getString("period")) : Future.succeededFuture())
          .onFailure(t -> LOG.warn("redelivering the webhook of {} stopped: {}", event.body().getString("period"),
              t.toString()))).completion();
    });
  }

  /** One pass over every board; a pass still running when the next tick comes is not overlapped. */
  public Future<Void> tick() {
    // on this verticle's event loop whoever calls (a test), as the timer does
    Promise<Void> done = Promise.promise();
    context.runOnContext(v -> pass().onComplete(done));
    return done.future();
  }

  private Future<Void> pass() {
    if (running) {
      return Future.succeededFuture();
    }
    running = true;
    due = 0;
    return registry.all().compose(boards -> {
      Future<Void> chain = Future.succeededFuture();
      for (Board b : boards) {
        chain = chain.compose(ok -> closeDue(b).recover(t -> {
          LOG.warn("closing periods of board {} failed: {}", b.name(), t.toString());
          return Future.succeededFuture();
        })).compose(ok -> deliveries.resume(b).recover(t -> {
          LOG.warn("resuming the webhook deliveries of board {} failed: {}", b.name(), t.toString());
          return Future.succeededFuture();
        }));
      }
      // after the boards, so the tier boards of a league's period due now are archived first
      return chain.compose(ok -> leagues.closeDue(options.clock().millis()).recover(t -> {
        LOG.warn("closing the periods of leagues failed: {}", t.toString());
        return Future.succeededFuture();
      }));
    }).onSuccess(ok -> dueFound.set(due)).onComplete(done -> running = false);
  }

  private Future<Void> closeDue(Board b) {
    if (b.period() == PeriodKind.ALL_TIME && b.competition().endsAt() == null) {
      return Future.succeededFuture();
    }
    return Future.all(boardStore.periods(b), periods.states(b)).compose(all -> {
      List<String> hot = all.resultAt(0);
      Map<String, PeriodState> states = all.resultAt(1);
      long now = options.clock().millis();
      List<Period> due = hot.stream().filter(id -> states.get(id) != PeriodState.ARCHIVED).map(b::parsePeriod)
          .filter(p -> states.get(p.id()) == PeriodState.CLOSING || b.isPastClose(p, now)).toList();
      this.due += due.size();
      Future<Void> chain = Future.succeededFuture();
      for (Period p : due) {
        chain = chain.compose(ok -> closer.close(b, p).<Void>mapEmpty().recover(t -> {
          LOG.info("period {} of board {} not closed on this node: {}", p.id(), b.name(), t.getMessage());
          return Future.succeededFuture();
        }));
      }
      return chain;
    });
  }

  /**
   * Delivers the webhook of the board's archived period now unless it is delivered or another node
   * holds its lease, or joins this node's sequence; completes when this node's sequence ends, with
   * the delivery as recorded last ({@code null} when another node delivers it).
   */
  public Future<Delivery> deliver(String board, String period) {
    Promise<Delivery> done = Promise.promise();
    context.runOnContext(v -> registry.require(board).compose(b -> deliveries.deliver(b, period)).onComplete(done));
    return done.future();
  }

  @Override
  public Future<?> stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    return (deliveries == null ? Future.succeededFuture() : deliveries.stop())
        .eventually(() -> store == null ? Future.succeededFuture() : store.release(vertx));
  }
}
