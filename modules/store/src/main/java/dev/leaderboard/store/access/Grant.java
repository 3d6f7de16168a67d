package dev.leaderboard.store.access;

import io.vertx.core.json.JsonObject;

/**
 * What a stream ticket stands for: the board it opens and the caller that asked for it, as the
 * access gate let it through.
 *
 * @param kind {@code key} (an API key, {@code id} its ID), {@code player} ({@code id} the player's
 *     user ID, {@code tokenExpiresAt} its token's {@code exp}, epoch seconds) or {@code public} (no
 *     credential, a board with public reads)
 * @param expiresAt when the ticket stops opening streams (epoch ms)
 */
public record Grant(String board, String kind, String id, long tokenExpiresAt, long expiresAt) {
  public static final String KEY = "key";
  public static final String PLAYER = "player";
  public static final String PUBLIC = "public";

  public JsonObject toJson() {
    return new JsonObject().put("board", board).put("kind", kind).put("id", id).put("tokenExpiresAt", tokenExpiresAt)
        .put("expiresAt", expiresAt);
  }

  /** The grant stored as {@code json}, or {@code null} when it is not one. */
  public static Grant fromJson(String json) {
    try {
      JsonObject o = new JsonObject(json);
      return new Grant(o.getString("board"), o.getString("kind"), o.getString("id"), o.getLong("tokenExpiresAt", 0L),
          o.getLong("expiresAt"));
    } catch (RuntimeException e) {
      return null;
    }
  }
}
