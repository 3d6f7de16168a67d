package dev.leaderboard.api.auth;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An API key's record as stored in Redis: only the SHA-256 of the key, never the key itself.
 *
 * @param id the public part of the key ({@link ApiKeyToken#id()})
 * @param boards empty: every board (and the operations on no board)
 * @param expiresAt epoch ms from which the key is refused; {@code null}: never
 * @param createdAt epoch ms
 */
public record ApiKey(String id, String name, byte[] hash, Set<Scope> scopes, SortedSet<String> boards, Long expiresAt,
    long createdAt) {
  private static final HexFormat HEX = HexFormat.of();
  private static final Logger LOG = LoggerFactory.getLogger(ApiKey.class);

  public ApiKey {
    scopes = Collections.unmodifiableSet(scopes.isEmpty() ? EnumSet.noneOf(Scope.class) : EnumSet.copyOf(scopes));
    boards = Collections.unmodifiableSortedSet(new TreeSet<>(boards));
    hash = hash.clone();
  }

  /** The record of a new key. */
  public static ApiKey of(ApiKeyToken token, String name, Set<Scope> scopes, Set<String> boards, Long expiresAt,
      long createdAt) {
    return new ApiKey(token.id(), name, token.hash(), scopes, new TreeSet<>(boards), expiresAt, createdAt);
  }

  public boolean allows(Scope scope) {
    return scopes.contains(scope);
  }

  public boolean limited() {
    return !boards.isEmpty();
  }

  public boolean covers(String board) {
    return boards.isEmpty() || boards.contains(board);
  }

  public boolean expiredAt(long nowMillis) {
    return expiresAt != null && nowMillis >= expiresAt;
  }

  /** Whether {@code token} is this key (constant-time comparison of the hashes). */
  public boolean isKey(ApiKeyToken token) {
    return token.id().equals(id) && token.matches(hash);
  }

  /** What the API shows of a key: everything but the hash. */
  public JsonObject toJson() {
    JsonObject out = new JsonObject().put("id", id).put("name", name)
        .put("scopes", new JsonArray(scopes.stream().map(Scope::wireName).toList()));
    if (!boards.isEmpty()) {
      out.put("boards", new JsonArray(boards.stream().toList()));
    }
    if (expiresAt != null) {
      out.put("expiresAt", expiresAt);
    }
    return out.put("createdAt", createdAt);
  }

  public JsonObject toStored() {
    return toJson().put("hash", HEX.formatHex(hash));
  }

  /** The record stored under {@code id}, or {@code null} when there is none or it is not a key record of that ID. */
  static ApiKey read(String id, JsonObject stored) {
    try {
      ApiKey key = stored == null ? null : fromStored(stored);
      return key != null && key.id().equals(id) ? key : null;
    } catch (RuntimeException e) {
      LOG.warn("the record of API key {} cannot be read and is ignored ({})", id, e.getClass().getSimpleName());
      return null;
    }
  }

  static Map<String, ApiKey> readAll(Map<String, JsonObject> stored) {
    Map<String, ApiKey> keys = new LinkedHashMap<>();
    stored.forEach((id, j) -> {
      ApiKey key = read(id, j);
      if (key != null) {
        keys.put(id, key);
      }
    });
    return keys;
  }

  /** The stored record; an {@link IllegalArgumentException} (or a class cast) when it is not one. */
  public static ApiKey fromStored(JsonObject j) {
    Set<Scope> scopes = EnumSet.noneOf(Scope.class);
    j.getJsonArray("scopes").forEach(s -> scopes.add(Scope.fromWire((String) s)));
    SortedSet<String> boards = new TreeSet<>();
    j.getJsonArray("boards", new JsonArray()).forEach(b -> boards.add((String) b));
    String id = j.getString("id");
    if (!ApiKeyToken.isId(id)) {
      throw new IllegalArgumentException("not a key ID: " + id);
    }
    return new ApiKey(id, j.getString("name"), HEX.parseHex(j.getString("hash")), scopes, boards,
        j.getLong("expiresAt"), j.getLong("createdAt"));
  }

  /** Never the hash. */
  @Override
  public String toString() {
    return "ApiKey[" + toJson().encode() + "]";
  }
}
