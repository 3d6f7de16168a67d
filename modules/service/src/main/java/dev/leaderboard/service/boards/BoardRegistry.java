package dev.leaderboard.service.boards;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
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
 * This node's cache of board definitions, loaded from Redis at start; a board missing from it is
 * looked up in Redis before it is reported unknown. A change made here is answered once every live
 * node has re-read it ({@link #changed}), so no node serves a deleted or outdated board after the
 * answer. Notices and apply requests only name the board and the definition is re-read from Redis,
 * so a forged one can at most make a node read what is stored. Re-reads of one board may cross:
 * only the latest is applied, a read spanning one does not fill the cache, and period states only
 * move forward.
 */
public final class BoardRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(BoardRegistry.class);

  private final Vertx vertx;
  private final BoardStore store;
  private final Map<String, Board> boards = new ConcurrentHashMap<>();
  private final Set<String> knownPeriods = ConcurrentHashMap.newKeySet();
  /** Board uid → period → state, for the periods that are not open; loaded per board on first use. */
  private final Map<String, Map<String, PeriodState>> periodStates = new ConcurrentHashMap<>();
  private final PeriodStore periods;
  /** Counts the notices received; a read that spans one does not fill the cache. */
  private final AtomicLong notices = new AtomicLong();
  /** Board name → the latest re-read under way for it. */
  private final Map<String, Reread> rereads = new ConcurrentHashMap<>();
  /** Completed once the cache is loaded: re-reads wait for it, so a load cannot overwrite what they read. */
  private final Promise<Void> loaded = Promise.promise();
  private Context context;
  private MessageConsumer<Object> consumer;
  private MessageConsumer<Object> periodConsumer;
  private final BoardChanges changes;

  /** A re-read of a board; {@code done} completes once it, or a later one of the same board, was applied. */
  private record Reread(long notice, Promise<Void> done) {
  }

  public BoardRegistry(Vertx vertx, BoardStore store, PeriodStore periods) {
    this.vertx = vertx;
    this.store = store;
    this.periods = periods;
    this.changes = new BoardChanges(vertx, this::apply);
  }

  public Future<Void> start() {
    context = vertx.getOrCreateContext();
    // any body may arrive: nothing but a board name is taken from it
    consumer = vertx.eventBus().<Object>consumer(BusAddresses.BOARD_CHANGED, msg -> named(msg.body(), this::apply));
    periodConsumer = vertx.eventBus().<Object>consumer(BusAddresses.PERIOD_CHANGED, msg -> named(msg.body(), this::rereadPeriods));
    return Future.all(consumer.completion(), periodConsumer.completion(), changes.start())
        .compose(ok -> store.loadAll()).<Void>map(all -> {
          boards.putAll(all);
          loaded.complete();
          return null;
        }).onFailure(loaded::tryFail);
  }

  public Future<Void> stop() {
    return Future.all(unregister(consumer), unregister(periodConsumer), changes.stop()).mapEmpty();
  }

  static Future<Void> unregister(MessageConsumer<Object> c) {
    return c == null ? Future.succeededFuture() : c.unregister();
  }

  /** Hands on the board a notice names; a notice without a name is dropped. */
  static void named(Object notice, Consumer<String> action) {
    if (notice instanceof JsonObject n && n.getValue("board") instanceof String name) {
      action.accept(name);
    }
  }

  /** Re-reads the board on this registry's context; completes (never fails) once that re-read or a later one is applied. */
  Future<Void> apply(String name) {
    Promise<Void> applied = Promise.promise();
    context.runOnContext(v -> reread(name).onComplete(ar -> applied.complete()));
    return applied.future();
  }

  /**
   * The board's definition as stored now; applied unless a later re-read of it started meanwhile,
   * in which case this one completes with that one. Runs on the registry's context.
   */
  private Future<Void> reread(String name) {
    Reread mine = new Reread(notices.incrementAndGet(), Promise.promise());
    rereads.put(name, mine);
    loaded.future().compose(ok -> store.get(name)).onComplete(ar -> {
      if (rereads.remove(name, mine)) {
        if (ar.succeeded()) {
          cache(name, ar.result());
        } else {
          // dropped: its next use reads it from Redis, so a board deleted meanwhile is not served from here
          boards.remove(name);
          LOG.warn("re-reading board {} after a change failed, dropped from the cache: {}", name, ar.cause().toString());
        }
        mine.done().complete();
      } else {
        Reread later = rereads.get(name);
        (later == null ? Future.<Void>succeededFuture() : later.done().future()).onComplete(mine.done());
      }
    });
    return mine.done().future();
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
      vertx.eventBus().publish(BusAddresses.PERIOD_CHANGED, new JsonObject().put("board", b.name()));
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
        return Future.failedFuture(Refusal.BOARD_NOT_FOUND.exception(name));
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
    long seen = notices.get();
    return store.loadAll().map(all -> {
      if (notices.get() == seen) {
        // no re-read started while loading: the load is not older than anything in the cache
        boards.keySet().retainAll(all.keySet());
        boards.putAll(all);
      }
      return all.values();
    });
  }

  /**
   * This node stored {@code b} ({@code null}: deleted it) under {@code name}: cached here; completes
   * (never fails) once every live node has re-read it ({@link BoardChanges}).
   */
  public Future<Void> changed(String name, Board b) {
    cache(name, b);
    return changes.announce(name);
  }

  /** Whether this node has recorded that the board has data in the period ({@link #notePeriod}). */
  public boolean notedHere(Board b, String period) {
    return knownPeriods.contains(b.uid() + "/" + period);
  }

  /**
   * Records that a board has data in a period (once per node), so deletion and rollover find it, and
   * marks its partitions live; then reads the definition again. A board deleted meanwhile fails with
   * 404 and loses what this wrote, so a write never recreates a deleted board's data: the delete
   * unlinks the live marks of every period it finds, and a period it missed is unlinked here.
   */
  public Future<Void> notePeriod(Board b, String period) {
    String key = b.uid() + "/" + period;
    if (knownPeriods.contains(key)) {
      return Future.succeededFuture();
    }
    return store.addPeriod(b, period).compose(ok -> store.get(b.name())).compose(now -> {
      if (now == null || !now.uid().equals(b.uid())) {
        return store.unlinkPeriod(b, period).compose(v -> Future.failedFuture(Refusal.BOARD_NOT_FOUND.exception(b.name())));
      }
      knownPeriods.add(key);
      return Future.succeededFuture();
    });
  }
}
