package dev.leaderboard.service;

import dev.leaderboard.core.LeaderboardException;
import io.vertx.codegen.annotations.ProxyGen;
import io.vertx.codegen.annotations.VertxGen;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * The leaderboard service: the one code path behind the HTTP API and event-bus callers.
 *
 * <p>Every answer is the JSON document the HTTP API returns for the same request. Failures are
 * {@link io.vertx.serviceproxy.ServiceException}s whose {@code failureCode} is the HTTP status,
 * whose message is the human-readable message, and whose {@code debugInfo} holds
 * {@code {"error": "<code>"}}. Arguments that are {@code null} take their documented defaults.
 *
 * <p>From any verticle in the cluster: {@code LeaderboardService.createProxy(vertx, LeaderboardService.ADDRESS)}.
 */
@ProxyGen
@VertxGen
public interface LeaderboardService {
  /** Clustered address: served by every node, reachable from any JVM in the cluster. */
  String ADDRESS = "leaderboard.service";

  static LeaderboardService createProxy(Vertx vertx, String address) {
    LeaderboardException.registerCodecs(vertx.eventBus());
    return new LeaderboardServiceVertxEBProxy(vertx, address);
  }

  /** Creates or updates a board; the answer is the definition with its derived limits and {@code created}. */
  Future<JsonObject> putBoard(String board, JsonObject definition);

  Future<JsonObject> getBoard(String board);

  /** {@code {"boards": [definition, ...]}} sorted by name. */
  Future<JsonObject> listBoards();

  /** Deletes a board and all its scores; {@code {"board": name, "deleted": true}}. */
  Future<JsonObject> deleteBoard(String board);

  /**
   * The board's periods, newest first: {@code {board, periods: [{period, state, size, start, end, closesAt}]}},
   * state {@code open}, {@code closing} or {@code archived}; hot periods from Redis, older ones from the archive.
   */
  Future<JsonObject> periods(String board);

  /**
   * Closes a period now (also the current one, e.g. to end a contest early): freezes it, archives
   * its final ranking and answers {@code {board, period, state: "archived", size, archivedAt}}.
   * Closing an archived period answers the same again. A period that has not started fails with
   * 409 {@code period_not_started}; one without data that is older than the board's newest
   * {@code retainPeriods} periods, or ended before the board was created, with 409 {@code period_not_retained}.
   */
  Future<JsonObject> closePeriod(String board, String period);

  /**
   * One event {@code {userId, value, at?, eventId?, meta?}} → {@code {userId, score, rank, at, period, applied,
   * changed}}; {@code meta} (a JSON object of at most 1 KiB) is stored with the entry when the event applies.
   */
  Future<JsonObject> submit(String board, JsonObject event);

  /** {@code {events: [...]}} → {@code {applied, duplicate, rejected, rejections: [{index, error, message}]}}. */
  Future<JsonObject> submitBatch(String board, JsonObject batch);

  /**
   * A page of the board: {@code {board, period, total, offset, limit, rankMode, entries: [{rank, userId, score, at,
   * meta?}]}}. Entries of every read carry {@code meta} when the user has metadata.
   *
   * @param period {@code current} (default) or a period id
   * @param rankMode {@code unique} (default), {@code competition} or {@code dense}
   */
  Future<JsonObject> entries(String board, String period, Long offset, Integer limit, String rankMode);

  /** One user's entry {@code {userId, score, rank, at, percentile, period, total}}; 404 when the user has no score. */
  Future<JsonObject> user(String board, String userId, String period, String rankMode);

  /**
   * {@code limit} entries (default 11) centred on the user, or as close to centred as the board's
   * ends allow: {@code {board, period, userId, total, offset, rankMode, entries}}; 404 when absent.
   */
  Future<JsonObject> around(String board, String userId, String period, Integer limit, String rankMode);

  /**
   * {@code {userIds: [...]}} (1 to 1,000) → those users' entries in board order with global ranks,
   * and the IDs without a score: {@code {board, period, total, rankMode, entries, missing}}. While a
   * shard is down: the users on the shards that answered with their scores and times in board order,
   * {@code rank}, {@code percentile} and {@code total} {@code null}, plus {@code partial: true},
   * {@code unreachable} (the users left out) and {@code reason} (the shards by index).
   */
  Future<JsonObject> ranks(String board, JsonObject request, String period, String rankMode);

  /**
   * {@code {meta: {...}}} → replaces the metadata of the user's entry in the period ({@code null}:
   * current): {@code {board, period, userId, meta}}; 404 {@code user_not_found} when the user has no
   * entry there, 409 {@code period_closed} once the period is closed.
   */
  Future<JsonObject> updateMeta(String board, String userId, String period, JsonObject request);

  /**
   * This service instance's view of what it needs, for readiness checks: {@code {shards: [{shard,
   * endpoint, up, ms, error?}], boards}}, every shard PINGed at once ({@code up} false when there is no
   * PONG within a second), {@code boards} the number of cached board definitions. Never fails: an
   * answer at all means the service has started and loaded its board cache.
   */
  Future<JsonObject> health();
}
