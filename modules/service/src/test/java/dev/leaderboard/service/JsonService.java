package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.request.MetaUpdate;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.request.UserIds;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.BoardDefinition;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.RankTarget;
import dev.leaderboard.service.result.ScoreRank;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * Tests speak to the service in JSON, as a client on the wire sees it: each call builds the typed
 * request from the JSON given and answers the typed result's JSON.
 */
public final class JsonService {
  private final LeaderboardService service;

  public JsonService(LeaderboardService service) {
    this.service = service;
  }

  /** The service's event-bus proxy on {@link dev.leaderboard.core.BusAddresses#SERVICE}. */
  public static JsonService proxy(Vertx vertx) {
    return new JsonService(LeaderboardService.createProxy(vertx, BusAddresses.SERVICE));
  }

  public Future<JsonObject> putBoard(String board, JsonObject definition) {
    return service.putBoard(board, definition).map(BoardDefinition::toJson);
  }

  public Future<JsonObject> getBoard(String board) {
    return service.getBoard(board).map(BoardDefinition::toJson);
  }

  public Future<JsonObject> listBoards() {
    return service.listBoards().map(BoardList::toJson);
  }

  public Future<JsonObject> deleteBoard(String board) {
    return service.deleteBoard(board).map(BoardDeleted::toJson);
  }

  public Future<JsonObject> periods(String board) {
    return service.periods(board).map(PeriodList::toJson);
  }

  public Future<JsonObject> closePeriod(String board, String period) {
    return service.closePeriod(board, period).map(PeriodClosed::toJson);
  }

  public Future<JsonObject> submit(String board, JsonObject event) {
    return service.submit(board, event == null ? null : new ScoreEvent(event), null).map(SubmitResult::toJson);
  }

  public Future<JsonObject> submitBatch(String board, JsonObject batch) {
    return service.submitBatch(board, batch == null ? null : new ScoreBatch(batch)).map(BatchResult::toJson);
  }

  public Future<JsonObject> entries(String board, String period, Long offset, Integer limit, String rankMode) {
    return service.entries(board, period, offset, limit, rankMode, null).map(EntryPage::toJson);
  }

  public Future<JsonObject> scoreAtRank(String board, long rank, String rankMode, String userId) {
    return service.scoreAtRank(board, rank, null, rankMode, userId).map(RankTarget::toJson);
  }

  public Future<JsonObject> rankOfScore(String board, long score, String rankMode, String userId) {
    return service.rankOfScore(board, score, null, rankMode, userId).map(ScoreRank::toJson);
  }

  public Future<JsonObject> user(String board, String userId, String period, String rankMode) {
    return service.user(board, userId, period, rankMode, null).map(UserEntry::toJson);
  }

  public Future<JsonObject> around(String board, String userId, String period, Integer limit, String rankMode) {
    return service.around(board, userId, period, limit, rankMode, null).map(AroundPage::toJson);
  }

  public Future<JsonObject> ranks(String board, JsonObject request, String period, String rankMode) {
    return service.ranks(board, request == null ? null : new UserIds(request), period, rankMode, null)
        .map(RankList::toJson);
  }

  public Future<JsonObject> updateMeta(String board, String userId, String period, JsonObject request) {
    return service.updateMeta(board, userId, period, request == null ? null : new MetaUpdate(request))
        .map(UserMeta::toJson);
  }

  public Future<JsonObject> rewards(String userId, String state, Integer limit) {
    return service.rewards(userId, state, limit).map(r -> r.toJson());
  }

  public Future<JsonObject> claimReward(String userId, long rewardId) {
    return service.claimReward(userId, rewardId).map(r -> r.toJson());
  }

  public Future<JsonObject> periodRewards(String board, String period, Long offset, Integer limit) {
    return service.periodRewards(board, period, offset, limit).map(r -> r.toJson());
  }

  public Future<JsonObject> history(String board, String userId, Integer limit) {
    return service.history(board, userId, limit).map(r -> r.toJson());
  }

  public Future<JsonObject> health() {
    return service.health().map(Health::toJson);
  }
}
