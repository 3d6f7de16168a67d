package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.store.BoardStore;
import dev.leaderboard.store.PeriodStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's cache of board definitions. Loaded from Redis at start; every change is announced on
 * the event bus so all nodes of the cluster update at once; a board missing from the cache is
 * looked up in Redis before it is reported unknown.
 *
 * <p>A notice only names the board: whoever sent it, a node re-reads the definition (or the period
 * states) from Redis and never takes anything else from the message, so a forged notice can at most
 * make a node read what is stored. Notices for one board may cross; only the read of the latest one
 * is applied, and period states only move forward.
 */
public final class BoardRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(BoardRegistry.class);
  /** Published with {@code {"board": name}} when a board's definition changed or it was deleted. */
  public static final String CHANGED_ADDRESS = "leaderboard.boards.changed";
  /** Published with {@code {"board": name}} when one of the board's periods changed state. */
  public static final String PERIOD_ADDRESS = "leaderboard.periods.changed";

  private final Vertx vertx;
  private final BoardStore store;
  private final Map<String, Board> boards = new ConcurrentHashMap<>();
  private final Set<String> knownPeriods = ConcurrentHashMap.newKeySet();
  /** Board uid → period → state, for the periods that are not open; loaded per board on first use. */
  private final Map<String, Map<String, PeriodState>> periodStates = new ConcurrentHashMap<>();
  private final PeriodStore periods;
  /** Counts the notices received; a read that spans one does not fill the cache. */
  private final AtomicLong notices = new AtomicLong();
  /** Board name → the notice whose re-read is the latest under way for it. */
  private final Map<String, Long> rereads = new ConcurrentHashMap<>();
  private MessageConsumer<Object> consumer;
  private MessageConsumer<Object> periodConsumer;

  public BoardRegistry(Vertx vertx, BoardStore store) {
    this.vertx = vertx;
    this.store = store;
    this.periods = new PeriodStore(store.shards());
  }

  public Future<Void> start() {
    // any body may arrive: nothing but a board name is taken from it
    consumer = vertx.eventBus().<Object>consumer(CHANGED_ADDRESS, msg -> named(msg.body(), this::reread));
    periodConsumer = vertx.eventBus().<Object>consumer(PERIOD_ADDRESS, msg -> named(msg.body(), this::rereadPeriods));
    return Future.all(consumer.completion(), periodConsumer.completion()).compose(ok -> store.loadAll()).map(all -> {
      boards.putAll(all);
      return null;
    });
  }

  public Future<Void> stop() {
    return Future.all(consumer == null ? Future.succeededFuture() : consumer.unregister(),
        periodConsumer == null ? Future.succeededFuture() : periodConsumer.unregister()).mapEmpty();
  }

  /** Hands on the board a notice names; a notice without a name is dropped. */
  private static void named(Object notice, Consumer<String> action) {
    if (notice instanceof JsonObject n && n.getValue("board") instanceof String name) {
      action.accept(name);
    }
  }

  /** The board's definition as stored now; applied unless a later notice for it arrived meanwhile. */
  private void reread(String name) {
    long notice = notices.incrementAndGet();
    rereads.put(name, notice);
    store.get(name).onComplete(ar -> {
      if (rereads.remove(name, notice)) {
        if (ar.succeeded()) {
          cache(name, ar.result());
        } else {
          // the cache keeps what it had; the next change or a full reload corrects it
          LOG.warn("re-reading board {} after a change notice failed: {}", name, ar.cause().toString());
        }
      }
    });
  }

  /** The stored states of the board's periods, if this node caches them. */
  private void rereadPeriods(String name) {
    Board b = boards.get(name);
    Map<String, PeriodState> states = b == null ? null : periodStates.get(b.uid());
    if (states != null) {
      periods.states(b).onSuccess(stored -> stored.forEach((period, state) -> advance(states, period, state)))
          .onFailure(t -> LOG.warn("re-reading the period states of board {} failed: {}", name, t.toString()));
    }
  }

  /** A period's state in this node's view moves forward only. */
  private static void advance(Map<String, PeriodState> states, String period, PeriodState state) {
    states.merge(period, state, (was, now) -> now.compareTo(was) > 0 ? now : was);
  }

  /** This node's view of a period's state. A period never goes back to open. */
  public Future<PeriodState> periodState(Board b, String period) {
    return periodStates(b).map(states -> states.getOrDefault(period, PeriodState.OPEN));
  }

  /** The board's periods that are not open, with their states (this node's view). */
  public Future<Map<String, PeriodState>> periodStates(Board b) {
    Map<String, PeriodState> states = periodStates.get(b.uid());
    if (states != null) {
      return Future.succeededFuture(states);
    }
    return periods.states(b).map(loaded -> {
      Map<String, PeriodState> cache = periodStates.computeIfAbsent(b.uid(), k -> new ConcurrentHashMap<>());
      loaded.forEach((period, state) -> advance(cache, period, state));
      return cache;
    });
  }

  /** Stores a period's new state and tells every node. */
  public Future<Void> setPeriodState(Board b, String period, PeriodState state) {
    return periods.setState(b, period, state).onSuccess(ok -> {
      Map<String, PeriodState> states = periodStates.get(b.uid());
      if (states != null) {
        advance(states, period, state);
      }
      vertx.eventBus().publish(PERIOD_ADDRESS, new JsonObject().put("board", b.name()));
    });
  }

  private void cache(String name, Board b) {
    if (b == null) {
      boards.remove(name);
    } else {
      boards.put(name, b);
    }
  }

  /** The board, or a 404 {@link LeaderboardException}. */
  public Future<Board> require(String name) {
    Board b = boards.get(name);
    if (b != null) {
      return Future.succeededFuture(b);
    }
    long seen = notices.get();
    return store.get(name).compose(found -> {
      if (found == null) {
        return Future.failedFuture(LeaderboardException.boardNotFound(name));
      }
      if (notices.get() == seen) {
        // no notice arrived while reading: nothing newer can be in the cache
        boards.putIfAbsent(name, found);
      }
      return Future.succeededFuture(found);
    });
  }

  /** The board, or {@code null}, always read from Redis (used before a write). */
  public Future<Board> fresh(String name) {
    return store.get(name);
  }

  public Collection<Board> cached() {
    return boards.values();
  }

  public Future<Collection<Board>> all() {
    return store.loadAll().map(all -> {
      boards.keySet().retainAll(all.keySet());
      boards.putAll(all);
      return all.values();
    });
  }

  /** This node stored {@code b} ({@code null}: deleted it) under {@code name}: cached here, announced to every node. */
  public void changed(String name, Board b) {
    cache(name, b);
    vertx.eventBus().publish(CHANGED_ADDRESS, new JsonObject().put("board", name));
  }

  /** Whether this node has recorded that the board has data in the period ({@link #notePeriod}). */
  public boolean notedHere(Board b, String period) {
    return knownPeriods.contains(b.uid() + "/" + period);
  }

  /** Records that a board has data in a period (once per node), so deletion and rollover find it. */
  public Future<Void> notePeriod(Board b, String period) {
    String key = b.uid() + "/" + period;
    if (knownPeriods.contains(key)) {
      return Future.succeededFuture();
    }
    return store.addPeriod(b, period).onSuccess(ok -> knownPeriods.add(key));
  }
}
