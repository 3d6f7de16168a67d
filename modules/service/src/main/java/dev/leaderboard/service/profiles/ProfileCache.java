package dev.leaderboard.service.profiles;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.store.profiles.ProfileStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The node's recently read profiles, so the reads that list users (a user's rank, the top page, asked
 * thousands of times a second) do not pay a Redis round for the same profiles again and again. It
 * shows what is stored as far as the node hears: a change made on this node forgets the user before
 * it is answered ({@link Profiles}); a change on another node arrives as a
 * {@link BusAddresses#PROFILE_CHANGED} notice and forgets them here; a read that raced any change is
 * not kept (a change forgotten while it was out would otherwise be undone); and what is kept is read
 * again after {@value #TTL_MILLIS} ms, which bounds how long a lost notice can show an old profile.
 * Users without a profile are kept too. At most {@value #MAX} users; past that it starts again empty.
 */
public final class ProfileCache {
  static final int MAX = 100_000;
  static final long TTL_MILLIS = 2_000;
  private static final long TTL_NANOS = TTL_MILLIS * 1_000_000;

  /** A profile as read ({@code null}: the user has none) and when. */
  private record Kept(String text, long atNanos) {
  }

  private final Vertx vertx;
  private final ProfileStore store;
  private final Map<String, Kept> kept = new ConcurrentHashMap<>();
  /** Counts forgets; a read that saw it change while it was out keeps nothing. */
  private final AtomicLong forgets = new AtomicLong();
  private MessageConsumer<Object> consumer;

  public ProfileCache(Vertx vertx, ProfileStore store) {
    this.vertx = vertx;
    this.store = store;
  }

  public Future<Void> start() {
    consumer = vertx.eventBus().consumer(BusAddresses.PROFILE_CHANGED, msg -> {
      if (msg.body() instanceof JsonObject n && n.getValue("userId") instanceof String userId) {
        forget(userId);
      }
    });
    return consumer.completion();
  }

  public Future<Void> stop() {
    return consumer == null ? Future.succeededFuture() : consumer.unregister();
  }

  /** The profiles (JSON text) of those of {@code userIds} who have one: kept ones at once, the others in one round. */
  public Future<Map<String, String>> getAll(Collection<String> userIds) {
    long now = System.nanoTime();
    Map<String, String> found = new HashMap<>();
    List<String> missing = new ArrayList<>();
    for (String u : new LinkedHashSet<>(userIds)) {
      Kept k = kept.get(u);
      if (k != null && now - k.atNanos() < TTL_NANOS) {
        if (k.text() != null) {
          found.put(u, k.text());
        }
      } else {
        missing.add(u);
      }
    }
    if (missing.isEmpty()) {
      return Future.succeededFuture(found);
    }
    long before = forgets.get();
    return store.read(missing).map(read -> {
      boolean keep = forgets.get() == before;
      if (keep && kept.size() + missing.size() > MAX) {
        kept.clear();
      }
      read.forEach((u, text) -> {
        boolean none = ProfileStore.NONE.equals(text);
        if (!none) {
          found.put(u, text);
        }
        // a user whose node did not answer is not in the read, and nothing is kept of them
        if (keep) {
          kept.put(u, new Kept(none ? null : text, now));
        }
      });
      return found;
    });
  }

  /** Forgets what is kept of the user: their profile changed. */
  public void forget(String userId) {
    forgets.incrementAndGet();
    kept.remove(userId);
  }
}
