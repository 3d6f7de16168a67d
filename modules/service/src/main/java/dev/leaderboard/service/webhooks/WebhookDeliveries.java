package dev.leaderboard.service.webhooks;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Webhook;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.meters.Outcomes;
import dev.leaderboard.service.periods.CloseLease;
import dev.leaderboard.service.periods.PeriodArchivedEvent;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.DeliveryStore;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the webhooks of archived periods at least once. One node at a time holds a period's
 * delivery lease (renewed every third of its length), retrying with {@link Backoff} until a 2xx and
 * recording each step in the {@link DeliveryStore}; once a dead node's lease lapses, the next
 * {@link #resume} anywhere goes on from the recorded attempt. Runs on the owning verticle's event loop.
 * Each POST is counted in {@value #ATTEMPTS} by {@code outcome}: {@code delivered} (a 2xx),
 * {@code failed} (anything else, retried after a backoff).
 */
public final class WebhookDeliveries {
  private static final Logger LOG = LoggerFactory.getLogger(WebhookDeliveries.class);
  static final String ATTEMPTS = "leaderboard.webhooks.attempts";

  private final Vertx vertx;
  private final BoardRegistry boards;
  private final DeliveryStore store;
  private final ArchiveStore archive;
  private final WebhookSender sender;
  private final Backoff backoff;
  private final Outcomes attempts = Outcomes.create(ATTEMPTS,
      "Webhook POSTs of period-end events, by outcome (delivered: 2xx, failed: retried later)", "delivered", "failed");
  private final Clock clock;
  private final long leaseMillis;
  private final String owner = UUID.randomUUID().toString();
  /** The sequences this node runs, by board uid and period. */
  private final Map<String, Future<Delivery>> running = new HashMap<>();
  /** Waits for a due attempt, by board uid and period, ended early by {@link #hurry} or when the node stops. */
  private final Map<String, Promise<Void>> waits = new HashMap<>();
  private boolean stopped;

  public WebhookDeliveries(Vertx vertx, BoardRegistry boards, DeliveryStore store, ArchiveStore archive, Clock clock,
      WebhookSettings settings) {
    this.vertx = vertx;
    this.boards = boards;
    this.store = store;
    this.archive = archive;
    this.clock = clock;
    this.leaseMillis = settings.leaseMillis();
    this.sender = new WebhookSender(vertx, clock, settings);
    this.backoff = new Backoff(settings, n -> ThreadLocalRandom.current().nextLong(n));
  }

  /** Starts the unfinished deliveries of the board that no node works on; does not wait for them. */
  public Future<Void> resume(Board b) {
    return store.all(b).map(all -> {
      all.forEach((period, d) -> {
        if (!d.state().finished()) {
          deliver(b, period).onFailure(t -> LOG.warn("delivering the webhook of period {} of board {} stopped: {}",
              period, b.name(), t.toString()));
        }
      });
      return null;
    });
  }

  /**
   * Delivers the period's event unless it is delivered or another node holds its lease. Completes
   * when this node's sequence ends, with the delivery as recorded last ({@code null} when another node
   * holds the lease); a sequence already running here is joined.
   */
  public Future<Delivery> deliver(Board b, String period) {
    String key = key(b.uid(), period);
    Future<Delivery> current = running.get(key);
    if (current != null) {
      return current;
    }
    if (stopped) {
      return Future.succeededFuture(null);
    }
    Future<Delivery> sequence = CloseLease.acquire(store.leases(), Keys.deliveryLease(b, period),
            "the delivery lease of period " + period + " of board " + b.name(), owner, leaseMillis)
        .compose(lease -> lease == null ? Future.succeededFuture(null) : holding(b, period, lease));
    running.put(key, sequence);
    sequence.onComplete(done -> running.remove(key));
    return sequence;
  }

  /**
   * The period's next attempt now: a sequence of this node that waits for its next attempt makes it
   * at once; without one here, this node starts the delivery (if no other node holds its lease).
   */
  public Future<Delivery> hurry(Board b, String period) {
    Promise<Void> wait = waits.get(key(b.uid(), period));
    if (wait != null) {
      wait.tryComplete();
    }
    return deliver(b, period);
  }

  private static String key(String uid, String period) {
    return uid + "/" + period;
  }

  private Future<Delivery> holding(Board b, String period, CloseLease lease) {
    long renewal = vertx.setPeriodic(Math.max(1, lease.millis() / 3), id -> lease.renew());
    // read under the lease: a node that delivered released it only after recording so
    return store.get(b, period).compose(d -> d == null || d.state().finished() ? Future.succeededFuture(d)
            : archive.period(b.uid(), period).compose(a -> a == null
                ? Future.failedFuture(new IllegalStateException("period " + period + " of board " + b.name()
                    + " has a delivery but no archive"))
                : PeriodArchivedEvent.load(archive, b, a))
                .compose(event -> attempt(b.name(), b.uid(), period, lease, d, event.toBuffer())))
        .eventually(() -> {
          vertx.cancelTimer(renewal);
          return lease.release();
        });
  }

  /** The next attempt once it is due, then the ones after it until one succeeds. */
  private Future<Delivery> attempt(String name, String uid, String period, CloseLease lease, Delivery d, Buffer body) {
    long wait = d.nextAttemptAt() == null ? 0 : d.nextAttemptAt() - clock.millis();
    return after(key(uid, period), wait).compose(ok -> boards.require(name)).compose(b -> {
      if (stopped || lease.lost() || !b.uid().equals(uid)) {
        return Future.failedFuture(new IllegalStateException("the delivery stopped on this node (lease lost, node "
            + "stopping or board deleted)"));
      }
      Webhook hook = b.events().webhook();
      if (hook == null) {
        return record(b, period, d.cancelled());
      }
      Delivery trying = d.attempting();
      return record(b, period, trying)
          .compose(ok -> sender.post(hook, trying.eventId(), body))
          .compose(error -> {
            attempts.count(error == null ? "delivered" : "failed");
            if (error == null) {
              LOG.info("webhook of period {} of board {} delivered after {} attempt(s)", period, name, trying.attempts());
              return record(b, period, trying.delivered(clock.millis()));
            }
            long delay = backoff.delay(trying.attempts());
            LOG.info("webhook of period {} of board {}: attempt {} failed ({}), next in {} ms", period, name,
                trying.attempts(), error, delay);
            Delivery failed = trying.failed(error, clock.millis() + delay);
            return record(b, period, failed).compose(ok -> attempt(name, uid, period, lease, failed, body));
          });
    });
  }

  private Future<Delivery> record(Board b, String period, Delivery d) {
    return store.put(b, period, d).map(d);
  }

  /** Completes after {@code millis}, or at once when the delivery is hurried or the node stops. */
  private Future<Void> after(String key, long millis) {
    if (millis <= 0 || stopped) {
      return Future.succeededFuture();
    }
    Promise<Void> due = Promise.promise();
    waits.put(key, due);
    long timer = vertx.setTimer(millis, id -> due.tryComplete());
    return due.future().onComplete(done -> {
      vertx.cancelTimer(timer);
      waits.remove(key, due);
    });
  }

  /**
   * Stops every sequence before its next attempt (an attempt in flight fails) and gives their
   * leases back, so another node goes on at once; completes when they have stopped.
   */
  public Future<Void> stop() {
    stopped = true;
    sender.close();
    new ArrayList<>(waits.values()).forEach(Promise::tryComplete);
    return Future.join(new ArrayList<>(running.values())).<Void>mapEmpty().otherwiseEmpty();
  }
}
