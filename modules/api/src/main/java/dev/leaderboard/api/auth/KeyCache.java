package dev.leaderboard.api.auth;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.store.access.ApiKeyStore;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's copy of the API key records, so that a known key costs no Redis round trip. A change
 * is announced on {@value #BusAddresses.KEYS_CHANGED} by ID only and every node drops and re-reads the key, so
 * nothing in a notice is trusted and a revoked key stays refused while Redis is down; a reload every
 * {@value #RELOAD_MILLIS} ms catches missed notices. Unknown IDs are read at most
 * {@value #LOOKUPS_PER_SECOND} a second and misses remembered, so random keys cannot load Redis.
 * Only the newest read of an ID is applied, and a whole-table load never overwrites a newer read.
 */
public final class KeyCache {
  static final long RELOAD_MILLIS = 30_000;
  static final long MISS_MILLIS = 5_000;
  static final int MAX_MISSES = 10_000;
  static final int LOOKUPS_PER_SECOND = 100;
  private static final Logger LOG = LoggerFactory.getLogger(KeyCache.class);

  private final Vertx vertx;
  private final ApiKeyStore store;
  private final Clock clock;
  private final Map<String, ApiKey> keys = new ConcurrentHashMap<>();
  // the fields below are guarded by this
  private final Map<String, Long> newestRead = new HashMap<>();
  private final Map<String, Future<ApiKey>> lookups = new HashMap<>();
  private final Map<String, Long> missedUntil = new HashMap<>();
  private final Set<String> readDuringLoad = new HashSet<>();
  private long reads;
  private int loadsUnderWay;
  private long budgetWindow;
  private int budgetUsed;

  private MessageConsumer<JsonObject> consumer;
  private long timer = -1;

  public KeyCache(Vertx vertx, ApiKeyStore store, Clock clock) {
    this.vertx = vertx;
    this.store = store;
    this.clock = clock;
  }

  public Future<Void> start() {
    consumer = vertx.eventBus().consumer(BusAddresses.KEYS_CHANGED, msg -> noticed(msg.body()));
    return consumer.completion().compose(ok -> load()).onSuccess(ok ->
        timer = vertx.setPeriodic(RELOAD_MILLIS, RELOAD_MILLIS, t -> load()
            .onFailure(e -> LOG.warn("comparing the API keys with Redis failed: {}", e.toString()))));
  }

  public Future<Void> stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
    return consumer == null ? Future.succeededFuture() : consumer.unregister();
  }

  public ApiKeyStore store() {
    return store;
  }

  public Clock clock() {
    return clock;
  }

  /** The record of {@code id} if this node holds it; no I/O. */
  public ApiKey cached(String id) {
    return keys.get(id);
  }

  /** {@code null} when unknown; while the ID is being re-read, the answer is that read's. */
  public Future<ApiKey> lookup(String id) {
    ApiKey known = keys.get(id);
    if (known != null) {
      return Future.succeededFuture(known);
    }
    Promise<ApiKey> answer = Promise.promise();
    long read;
    synchronized (this) {
      Future<ApiKey> underWay = lookups.get(id);
      if (underWay != null) {
        return underWay;
      }
      long now = System.nanoTime();
      Long until = missedUntil.get(id);
      if ((until != null && until - now > 0) || !withinBudget(now)) {
        return Future.succeededFuture();
      }
      read = sent(id, false, answer.future());
    }
    return read(id, read, answer);
  }

  /** Drops {@code id} at once and re-reads it; requests with the key wait for the read. */
  public Future<ApiKey> refresh(String id) {
    Promise<ApiKey> answer = Promise.promise();
    long read;
    synchronized (this) {
      read = sent(id, true, answer.future());
    }
    return read(id, read, answer);
  }

  private Future<ApiKey> read(String id, long read, Promise<ApiKey> answer) {
    store.get(id).map(j -> ApiKey.read(id, j)).onComplete(ar -> {
      synchronized (this) {
        lookups.remove(id, answer.future());
        settle(id, read, ar.succeeded(), ar.result());
      }
      answer.handle(ar);
    });
    return answer.future();
  }

  /** After this node created or revoked {@code id}: re-reads it here, then tells every node. */
  public Future<Void> changed(String id) {
    return refresh(id).<Void>mapEmpty().andThen(ar ->
        vertx.eventBus().publish(BusAddresses.KEYS_CHANGED, new JsonObject().put("id", id)));
  }

  private void noticed(JsonObject notice) {
    Object id = notice == null ? null : notice.getValue("id");
    if (id instanceof String s && ApiKeyToken.isId(s)) {
      refresh(s).onFailure(e -> LOG.warn("re-reading API key {} after a change notice failed (it stays refused "
          + "on this node until it can be read): {}", s, e.toString()));
    }
  }

  /** At start loads in full; later only what differs from the copy is re-read. */
  private Future<Void> load() {
    synchronized (this) {
      loadsUnderWay++;
    }
    boolean first = timer < 0;
    return store.loadAll().map(ApiKey::readAll).andThen(ar -> {
      Set<String> differ = new HashSet<>();
      synchronized (this) {
        loadsUnderWay--;
        if (ar.succeeded()) {
          Map<String, ApiKey> all = ar.result();
          Set<String> ids = new HashSet<>(keys.keySet());
          ids.addAll(all.keySet());
          for (String id : ids) {
            if (readDuringLoad.contains(id) || newestRead.containsKey(id) || (all.get(id) == null) == (keys.get(id) == null)) {
              continue;
            }
            if (first && all.get(id) != null) {
              keys.put(id, all.get(id));
            } else {
              differ.add(id);
            }
          }
        }
        if (loadsUnderWay == 0) {
          readDuringLoad.clear();
        }
      }
      differ.forEach(this::refresh);
    }).mapEmpty();
  }

  /** Answers the read's sequence number. Call holding the lock. */
  private long sent(String id, boolean dropFirst, Future<ApiKey> answer) {
    long read = ++reads;
    newestRead.put(id, read);
    lookups.put(id, answer);
    if (dropFirst) {
      keys.remove(id);
    }
    if (loadsUnderWay > 0) {
      readDuringLoad.add(id);
    }
    return read;
  }

  /** Applies a read's answer unless a newer read of the ID was sent since. Call holding the lock. */
  private void settle(String id, long read, boolean answered, ApiKey found) {
    if (!newestRead.remove(id, read) || !answered) {
      return;
    }
    if (found != null) {
      keys.put(id, found);
      missedUntil.remove(id);
    } else {
      keys.remove(id);
      if (missedUntil.size() >= MAX_MISSES) {
        missedUntil.clear();
      }
      missedUntil.put(id, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MISS_MILLIS));
    }
  }

  /** Takes one read of an unknown ID from this second's budget. Call holding the lock. */
  private boolean withinBudget(long now) {
    if (now - budgetWindow >= TimeUnit.SECONDS.toNanos(1)) {
      budgetWindow = now;
      budgetUsed = 0;
    }
    return budgetUsed++ < LOOKUPS_PER_SECOND;
  }
}
