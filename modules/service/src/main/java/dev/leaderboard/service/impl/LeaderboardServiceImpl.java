package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.service.LeaderboardService;
import dev.leaderboard.service.Leaderboards;
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
 * The service on the event bus: each typed answer as its JSON, each failure as a
 * {@link io.vertx.serviceproxy.ServiceException} carrying the HTTP status and error code.
 */
public final class LeaderboardServiceImpl implements LeaderboardService {
  private final Leaderboards leaderboards;

  public LeaderboardServiceImpl(Leaderboards leaderboards) {
    this.leaderboards = leaderboards;
  }

  @Override
  public Future<JsonObject> putBoard(String board, JsonObject definition) {
    return Requests.json(leaderboards.putBoard(board, definition), BoardSaved::toJson);
  }

  @Override
  public Future<JsonObject> getBoard(String board) {
    return Requests.json(leaderboards.getBoard(board), Board::toJson);
  }

  @Override
  public Future<JsonObject> listBoards() {
    return Requests.json(leaderboards.listBoards(), BoardList::toJson);
  }

  @Override
  public Future<JsonObject> deleteBoard(String board) {
    return Requests.json(leaderboards.deleteBoard(board), BoardDeleted::toJson);
  }

  @Override
  public Future<JsonObject> periods(String board) {
    return Requests.json(leaderboards.periods(board), PeriodList::toJson);
  }

  @Override
  public Future<JsonObject> closePeriod(String board, String period) {
    return Requests.json(leaderboards.closePeriod(board, period), PeriodClosed::toJson);
  }

  @Override
  public Future<JsonObject> submit(String board, JsonObject event) {
    return Requests.json(leaderboards.submit(board, event, null), SubmitResult::toJson);
  }

  @Override
  public Future<JsonObject> submitBatch(String board, JsonObject batch) {
    return Requests.json(leaderboards.submitBatch(board, batch), BatchResult::toJson);
  }

  @Override
  public Future<JsonObject> entries(String board, String period, Long offset, Integer limit, String rankMode) {
    return Requests.json(leaderboards.entries(board, period, offset, limit, rankMode), EntryPage::toJson);
  }

  @Override
  public Future<JsonObject> user(String board, String userId, String period, String rankMode) {
    return Requests.json(leaderboards.user(board, userId, period, rankMode), UserEntry::toJson);
  }

  @Override
  public Future<JsonObject> around(String board, String userId, String period, Integer limit, String rankMode) {
    return Requests.json(leaderboards.around(board, userId, period, limit, rankMode), AroundPage::toJson);
  }

  @Override
  public Future<JsonObject> ranks(String board, JsonObject request, String period, String rankMode) {
    return Requests.json(leaderboards.ranks(board, request, period, rankMode), RankList::toJson);
  }

  @Override
  public Future<JsonObject> updateMeta(String board, String userId, String period, JsonObject request) {
    return Requests.json(leaderboards.updateMeta(board, userId, period, request), UserMeta::toJson);
  }

  @Override
  public Future<JsonObject> health() {
    return leaderboards.health().map(Health::toJson);
  }
}
