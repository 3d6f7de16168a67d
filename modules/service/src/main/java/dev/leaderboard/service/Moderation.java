package dev.leaderboard.service;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * Moderation of users, for callers in the same JVM (the HTTP API's admin routes): remove an entry,
 * ban and lift, a user's view, and erasure. Failures are {@link dev.leaderboard.core.LeaderboardException}s
 * like the rest of the service; answers are the JSON documents the API returns.
 */
public interface Moderation {
  /**
   * Removes the user's entry from one live period of the board ({@code period} as on reads:
   * {@code null} or {@code current}, or a period ID); 404 when there is none, 409 when the period
   * is closing or archived.
   */
  Future<JsonObject> removeEntry(String board, String userId, String period);

  /** Bans the user ({@code {"reason": ...}}) on every board; banning again keeps the first time. */
  Future<JsonObject> ban(String userId, JsonObject body);

  /** Lifts the user's ban and restores the entries of the periods still open; 404 when not banned. */
  Future<JsonObject> lift(String userId);

  /** The user's ban, if any, and the user's entries on every live board period (and those held back by a ban). */
  Future<JsonObject> user(String userId);

  /** Erases the user everywhere (hot and archived periods, friend links, idempotency records, ban). */
  Future<JsonObject> erase(String userId);
}
