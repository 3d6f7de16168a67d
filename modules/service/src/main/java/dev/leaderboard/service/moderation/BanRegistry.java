package dev.leaderboard.service.moderation;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.store.moderation.Ban;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's view of the banned users, so a submit is refused without a Redis round trip. A ban or
 * lift is announced with the user ID only and every node re-reads it from Redis, so a forged notice
 * can at most make a node read what is stored. Every ban is reloaded before a node's first write to a
 * new period ({@code intake.ScoreIntake}): a period started after a ban swept the partitions has no markers.
 */
public final class BanRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(BanRegistry.class);

  private final Vertx vertx;
  private final ModerationStore store;
  private final Map<String, Ban> bans = new ConcurrentHashMap<>();
  private final AtomicLong notices = new AtomicLong();
  /** User ID → the number of the latest notice for the user; a reload older than it leaves the user alone. */
  private final Map<String, Long> noticed = new ConcurrentHashMap<>();
  private MessageConsumer<Object> consumer;

  public BanRegistry(Vertx vertx, ModerationStore store) {
    this.vertx = vertx;
    this.store = store;
  }

  public Future<Void> start() {
    consumer = vertx.eventBus().consumer(BusAddresses.BANS_CHANGED, msg -> {
      if (msg.body() instanceof JsonObject n && n.getValue("userId") instanceof String userId) {
        reread(userId);
      }
    });
    return consumer.completion().compose(ok -> reload());
  }

  public Future<Void> stop() {
    return consumer == null ? Future.succeededFuture() : consumer.unregister();
  }

  public boolean banned(String userId) {
    return bans.containsKey(userId);
  }

  /** The user's ban as this node knows it, or {@code null}. */
  public Ban ban(String userId) {
    return bans.get(userId);
  }

  /** Reads every ban from Redis; users noticed while it read keep what their own re-read found. */
  public Future<Void> reload() {
    long seen = notices.get();
    return store.bans().map(all -> {
      Set<String> users = new HashSet<>(bans.keySet());
      users.addAll(all.keySet());
      for (String u : users) {
        if (noticed.getOrDefault(u, 0L) <= seen) {
          cache(u, all.get(u));
        }
      }
      return null;
    });
  }

  /** This node stored the user's ban ({@code null}: lifted it): cached here, announced to every node. */
  public void changed(String userId, Ban ban) {
    noticed.put(userId, notices.incrementAndGet());
    cache(userId, ban);
    vertx.eventBus().publish(BusAddresses.BANS_CHANGED, new JsonObject().put("userId", userId));
  }

  private void reread(String userId) {
    long notice = notices.incrementAndGet();
    noticed.put(userId, notice);
    store.ban(userId).onComplete(ar -> {
      if (noticed.get(userId) != notice) {
        return;
      }
      if (ar.succeeded()) {
        cache(userId, ar.result());
      } else {
        LOG.warn("re-reading the ban of user {} after a notice failed: {}", userId, ar.cause().toString());
      }
    });
  }

  private void cache(String userId, Ban ban) {
    if (ban == null) {
      bans.remove(userId);
    } else {
      bans.put(userId, ban);
    }
  }
}
