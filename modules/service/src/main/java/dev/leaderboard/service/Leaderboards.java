package dev.leaderboard.service;

import dev.leaderboard.core.Board;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.BoardSaved;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * The leaderboard service with typed answers, for callers in the same JVM (the HTTP API).
 * {@link LeaderboardService} is the same service on the event bus, answering each result's JSON.
 * Failures are {@link dev.leaderboard.core.LeaderboardException}s (status and code); anything else
 * is a fault. Arguments mean what they mean on {@link LeaderboardService}.
 */
public interface Leaderboards {
  Future<BoardSaved> putBoard(String board, JsonObject definition);

  Future<Board> getBoard(String board);

  Future<BoardList> listBoards();

  Future<BoardDeleted> deleteBoard(String board);

  Future<PeriodList> periods(String board);

  Future<PeriodClosed> closePeriod(String board, String period);

  /** @param withRank whether to answer with the user's global rank; {@code null}: the board's {@code rankOnSubmit} */
  Future<SubmitResult> submit(String board, JsonObject event, Boolean withRank);

  Future<BatchResult> submitBatch(String board, JsonObject batch);

  /**
   * A page; {@code meta}: whether entries carry their metadata ({@code null} or true: they do,
   * false: {@code meta=false}). The other reads take it alike.
   */
  Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode, Boolean meta);

  default Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode) {
    return entries(board, period, offset, limit, rankMode, null);
  }

  Future<UserEntry> user(String board, String userId, String period, String rankMode, Boolean meta);

  default Future<UserEntry> user(String board, String userId, String period, String rankMode) {
    return user(board, userId, period, rankMode, null);
  }

  Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode,
      Boolean meta);

  default Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode) {
    return around(board, userId, period, limit, rankMode, null);
  }

  Future<RankList> ranks(String board, JsonObject request, String period, String rankMode, Boolean meta);

  default Future<RankList> ranks(String board, JsonObject request, String period, String rankMode) {
    return ranks(board, request, period, rankMode, null);
  }

  /**
   * Replaces the metadata of a user's entry ({@code {meta: {...}}}); 404 when the user has no entry
   * in the period.
   */
  Future<UserMeta> updateMeta(String board, String userId, String period, JsonObject request);

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
  Future<JsonObject> moderatedUser(String userId);

  /** Erases the user everywhere (hot and archived periods, friend links, idempotency records, ban). */
  Future<JsonObject> erase(String userId);

  /** Never fails; see {@link LeaderboardService#health()}. */
  Future<Health> health();
}
