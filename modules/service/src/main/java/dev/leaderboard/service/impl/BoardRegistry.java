package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.store.BoardStore;
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

  private final Vertx vertx;
  private final BoardStore store;
  private final Map<String, Board> boards = new ConcurrentHashMap<>();
  private final Set<String> knownPeriods = ConcurrentHashMap.newKeySet();
  private MessageConsumer<JsonObject> consumer;

  public BoardRegistry(Vertx vertx, BoardStore store) {
    this.vertx = vertx;
    this.store = store;
  }

  public Future<Void> start() {
    consumer = vertx.eventBus().consumer(CHANGED_ADDRESS, msg -> apply(msg.body()));
    return consumer.completion().compose(ok -> store.loadAll()).map(all -> {
      boards.putAll(all);
      return null;
    });
  }

  public Future<Void> stop() {
    return consumer == null ? Future.succeededFuture() : consumer.unregister();
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
