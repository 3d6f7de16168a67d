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

/**
 * This node's cache of board definitions. Loaded from Redis at start; every change is published on
 * the event bus so all nodes of the cluster update at once; a board missing from the cache is
 * looked up in Redis before it is reported unknown.
 */
public final class BoardRegistry {
  /** Published with {@code {"board": name, "definition": stored JSON or null}}. */
  public static final String CHANGED_ADDRESS = "leaderboard.boards.changed";
  /** Published with {@code {"uid": board uid, "period": id, "state": closing|archived}}. */
  public static final String PERIOD_ADDRESS = "leaderboard.periods.changed";

  private final Vertx vertx;
  private final BoardStore store;
  private final Map<String, Board> boards = new ConcurrentHashMap<>();
  private final Set<String> knownPeriods = ConcurrentHashMap.newKeySet();
  /** Board uid → period → state, for the periods that are not open; loaded per board on first use. */
  private final Map<String, Map<String, PeriodState>> periodStates = new ConcurrentHashMap<>();
  private final PeriodStore periods;
  private MessageConsumer<JsonObject> consumer;
  private MessageConsumer<JsonObject> periodConsumer;

  public BoardRegistry(Vertx vertx, BoardStore store) {
    this.vertx = vertx;
    this.store = store;
    this.periods = new PeriodStore(store.shards());
  }

  public Future<Void> start() {
    consumer = vertx.eventBus().consumer(CHANGED_ADDRESS, msg -> apply(msg.body()));
    periodConsumer = vertx.eventBus().consumer(PERIOD_ADDRESS, msg -> applyPeriod(msg.body()));
    return Future.all(consumer.completion(), periodConsumer.completion()).compose(ok -> store.loadAll()).map(all -> {
      boards.putAll(all);
      return null;
    });
  }

  public Future<Void> stop() {
    return Future.all(consumer == null ? Future.succeededFuture() : consumer.unregister(),
        periodConsumer == null ? Future.succeededFuture() : periodConsumer.unregister()).mapEmpty();
  }

  private void applyPeriod(JsonObject change) {
    Map<String, PeriodState> states = periodStates.get(change.getString("uid"));
    if (states != null) {
      states.put(change.getString("period"), PeriodState.fromWire(change.getString("state")));
    }
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
      loaded.forEach(cache::putIfAbsent);
      return cache;
    });
  }

  /** Stores a period's new state and tells every node. */
  public Future<Void> setPeriodState(Board b, String period, PeriodState state) {
    return periods.setState(b, period, state).onSuccess(ok -> {
      JsonObject change = new JsonObject().put("uid", b.uid()).put("period", period).put("state", state.wireName());
      applyPeriod(change);
      vertx.eventBus().publish(PERIOD_ADDRESS, change);
    });
  }

  private void apply(JsonObject change) {
    JsonObject definition = change.getJsonObject("definition");
    if (definition == null) {
      boards.remove(change.getString("board"));
    } else {
      boards.put(change.getString("board"), Board.fromStored(definition));
    }
  }

  /** The board, or a 404 {@link LeaderboardException}. */
  public Future<Board> require(String name) {
    Board b = boards.get(name);
    if (b != null) {
      return Future.succeededFuture(b);
    }
    return store.get(name).compose(found -> {
      if (found == null) {
        return Future.failedFuture(LeaderboardException.boardNotFound(name));
      }
      boards.put(name, found);
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

  public void changed(String name, Board b) {
    apply(new JsonObject().put("board", name).put("definition", b == null ? null : b.toStored()));
    vertx.eventBus().publish(CHANGED_ADDRESS,
        new JsonObject().put("board", name).put("definition", b == null ? null : b.toStored()));
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
