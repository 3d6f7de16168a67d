package dev.leaderboard.api.auth;

import dev.leaderboard.store.access.ApiKeyStore;
import io.vertx.core.Future;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Every change is re-read on this node before it is answered, and announced ({@link KeyCache#changed}). */
public final class KeyAdmin {
  private static final int ATTEMPTS = 5;
  private final KeyCache cache;
  private final ApiKeyStore store;
  private final SecureRandom random;

  public KeyAdmin(KeyCache cache, SecureRandom random) {
    this.cache = cache;
    this.store = cache.store();
    this.random = random;
  }

  public Clock clock() {
    return cache.clock();
  }

  /** A new key and its record; the key is shown to its creator once and stored only as a hash. */
  public record Issued(ApiKey record, ApiKeyToken token) {
  }

  /** What {@link #register} found. */
  public enum Registration {
    /** The key was not known and is registered now. */
    REGISTERED,
    /** The key is registered already. */
    PRESENT,
    /** The key was revoked; it is not registered again. */
    REVOKED,
    /** Another key has the same ID (not this key): nothing changed. */
    CONFLICT
  }

  public Future<Issued> create(KeyRequest request) {
    return create(request, ATTEMPTS);
  }

  private Future<Issued> create(KeyRequest request, int attempts) {
    ApiKeyToken token = ApiKeyToken.generate(random);
    ApiKey record = ApiKey.of(token, request.name(), request.scopes(), request.boards(), request.expiresAt(),
        cache.clock().millis());
    return store.create(record.id(), record.toStored()).compose(created -> {
      if (!created) {
        // 64-bit IDs: a repeat is next to impossible, but an ID is never given twice
        return attempts > 1 ? create(request, attempts - 1)
            : Future.failedFuture(new IllegalStateException("no free key ID after " + ATTEMPTS + " attempts"));
      }
      return cache.changed(record.id()).map(new Issued(record, token));
    });
  }

  /** By name then ID. */
  public Future<List<ApiKey>> list() {
    return store.loadAll().map(all -> ApiKey.readAll(all).values().stream()
        .sorted(Comparator.comparing(ApiKey::name).thenComparing(ApiKey::id)).toList());
  }

  /** Revokes {@code id} on every node; {@code false} when there is no such key. */
  public Future<Boolean> revoke(String id) {
    return store.revoke(id).compose(removed -> cache.changed(id).map(removed));
  }

  /** The node's admin key: every scope and board, no expiry; a revoked one is not registered again. */
  public Future<Registration> register(ApiKeyToken token, String name) {
    return store.get(token.id()).map(j -> ApiKey.read(token.id(), j)).compose(existing -> {
      if (existing != null) {
        return Future.succeededFuture(existing.isKey(token) ? Registration.PRESENT : Registration.CONFLICT);
      }
      return store.revoked(token.id()).compose(revoked -> {
        if (revoked) {
          return Future.succeededFuture(Registration.REVOKED);
        }
        ApiKey record = ApiKey.of(token, name, EnumSet.allOf(Scope.class), Set.of(), null, cache.clock().millis());
        return store.create(record.id(), record.toStored()).compose(created -> created
            ? cache.changed(token.id()).map(Registration.REGISTERED)
            : register(token, name));
      });
    });
  }
}
