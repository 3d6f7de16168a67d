package dev.leaderboard.service;

import dev.leaderboard.service.request.Requests;
import dev.leaderboard.core.Board;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.request.JoinRequest;
import dev.leaderboard.service.request.MetaUpdate;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.request.UserIds;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.JoinResult;
import dev.leaderboard.service.result.ParticipantList;
import dev.leaderboard.service.result.UserBoards;
import dev.leaderboard.service.result.BoardDefinition;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.DeliveryList;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.Histogram;
import dev.leaderboard.service.result.RankTarget;
import dev.leaderboard.service.result.ScoreRank;
import dev.leaderboard.service.result.BanChange;
import dev.leaderboard.service.result.EntryRemoved;
import dev.leaderboard.service.result.Erased;
import dev.leaderboard.service.result.UserExport;
import dev.leaderboard.service.result.ModeratedUser;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.RewardClaimed;
import dev.leaderboard.service.result.RewardList;
import dev.leaderboard.service.result.StandingHistory;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.service.result.LeagueCohort;
import dev.leaderboard.service.result.LeagueMovePage;
import dev.leaderboard.service.result.LeaguePeriods;
import dev.leaderboard.service.result.LeagueTiers;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.result.LeagueDefinition;
import dev.leaderboard.service.result.LeagueHistory;
import dev.leaderboard.service.result.LeagueDeleted;
import dev.leaderboard.service.result.LeagueList;
import dev.leaderboard.service.result.LeagueMember;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import dev.leaderboard.service.result.UserProfile;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

/**
 * The leaderboard service over the parts a {@link ServiceGraph} built: it hands each request to the
 * class doing that job; a refusal thrown before the first I/O becomes a failed future, a fault 500
 * {@code internal}.
 */
public record LeaderboardServiceImpl(ServiceGraph parts) implements LocalLeaderboardService {

  @Override
  public Future<Board> board(String board) {
    return Requests.guard(() -> parts.definitions.get(board));
  }

  @Override
  public Future<BoardDefinition> putBoard(String board, JsonObject definition) {
    return Requests.guard(() -> parts.definitions.put(board, definition));
  }

  @Override
  public Future<BoardDefinition> getBoard(String board) {
    return board(board).map(b -> BoardDefinition.of(b, null));
  }

  @Override
  public Future<BoardList> listBoards() {
    return Requests.guard(parts.definitions::list);
  }

  @Override
  public Future<BoardDeleted> deleteBoard(String board) {
    return Requests.guard(() -> parts.definitions.delete(board));
  }

  @Override
  public Future<PeriodList> periods(String board) {
    return Requests.guard(() -> parts.periods.list(board));
  }

  @Override
  public Future<PeriodClosed> closePeriod(String board, String period) {
    return Requests.guard(() -> parts.periods.close(board, period));
  }

  @Override
  public Future<DeliveryList> deliveries(String board) {
    return Requests.guard(() -> parts.deliveries.list(board));
  }

  @Override
  public Future<DeliveryList> redeliver(String board, String period) {
    return Requests.guard(() -> parts.deliveries.redeliver(board, period));
  }

  @Override
  public Future<SubmitResult> submit(String board, ScoreEvent event, Boolean withRank) {
    return Requests.guard(() -> parts.intake.submit(board, event, withRank));
  }

  @Override
  public Future<BatchResult> submitBatch(String board, ScoreBatch batch) {
    return Requests.guard(() -> parts.intake.submitBatch(board, batch));
  }

  @Override
  public Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode,
      Boolean meta) {
    return parts.profileJoin.join(Requests.guard(() -> parts.reads.entries(board, period, offset, limit, rankMode, meta)));
  }

  @Override
  public Future<UserEntry> user(String board, String userId, String period, String rankMode, Boolean meta) {
    return parts.profileJoin.join(Requests.guard(() -> parts.participation.user(board, userId, period, rankMode, meta)));
  }

  @Override
  public Future<JoinResult> join(String board, JoinRequest request) {
    return Requests.guard(() -> parts.participation.join(board, request));
  }

  @Override
  public Future<ParticipantList> participants(String board, String period, Long offset, Integer limit) {
    return Requests.guard(() -> parts.participation.participants(board, period, offset, limit));
  }

  @Override
  public Future<CohortBoard> userCohort(String board, String userId, String period, String rankMode, Boolean meta) {
    return parts.profileJoin.join(Requests.guard(() -> parts.participation.cohortOf(board, userId, period, rankMode, meta)));
  }

  @Override
  public Future<CohortBoard> cohort(String board, Long cohort, String period, String rankMode, Boolean meta) {
    return parts.profileJoin.join(Requests.guard(() -> parts.participation.cohort(board, cohort, period, rankMode, meta)));
  }

  @Override
  public Future<UserBoards> userBoards(String userId) {
    return Requests.guard(() -> parts.participation.userBoards(userId));
  }

  @Override
  public Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode,
      Boolean meta) {
    return parts.profileJoin.join(Requests.guard(() -> parts.reads.around(board, userId, period, limit, rankMode, meta)));
  }

  @Override
  public Future<RankList> ranks(String board, UserIds request, String period, String rankMode, Boolean meta) {
    return parts.profileJoin.join(Requests.guard(() -> parts.reads.ranks(board, request, period, rankMode, meta)));
  }

  @Override
  public Future<Histogram> histogram(String board, String period, Integer buckets) {
    return Requests.guard(() -> parts.histograms.histogram(board, period, buckets));
  }

  @Override
  public Future<RankTarget> scoreAtRank(String board, Long rank, String period, String rankMode, String userId) {
    return Requests.guard(() -> parts.rankTargets.scoreAt(board, rank, period, rankMode, userId));
  }

  @Override
  public Future<ScoreRank> rankOfScore(String board, Long score, String period, String rankMode, String userId) {
    return Requests.guard(() -> parts.rankTargets.rankOf(board, score, period, rankMode, userId));
  }

  @Override
  public Future<UserMeta> updateMeta(String board, String userId, String period, MetaUpdate request) {
    return Requests.guard(() -> parts.metas.update(board, userId, period, request));
  }

  @Override
  public Future<EntryRemoved> removeEntry(String board, String userId, String period) {
    return Requests.guard(() -> parts.removal.remove(board, userId, period));
  }

  @Override
  public Future<BanChange> ban(String userId, BanRequest request) {
    return Requests.guard(() -> parts.banActions.ban(userId, request));
  }

  @Override
  public Future<BanChange> lift(String userId) {
    return Requests.guard(() -> parts.banActions.lift(userId));
  }

  @Override
  public Future<ModeratedUser> moderatedUser(String userId) {
    return parts.profileJoin.join(Requests.guard(() -> parts.view.user(userId)));
  }

  @Override
  public Future<Erased> erase(String userId) {
    return Requests.guard(() -> parts.erasure.erase(userId));
  }

  @Override
  public Future<UserExport> exportUser(String userId) {
    return Requests.guard(() -> parts.export.export(userId));
  }

  @Override
  public Future<RewardList> rewards(String userId, String state, Integer limit) {
    return Requests.guard(() -> parts.rewards.user(userId, state, limit));
  }

  @Override
  public Future<RewardClaimed> claimReward(String userId, Long rewardId) {
    return Requests.guard(() -> parts.rewards.claim(userId, rewardId));
  }

  @Override
  public Future<RewardList> periodRewards(String board, String period, Long offset, Integer limit) {
    return Requests.guard(() -> parts.rewards.period(board, period, offset, limit));
  }

  @Override
  public Future<StandingHistory> history(String board, String userId, Integer limit) {
    return parts.profileJoin.join(Requests.guard(() -> parts.standings.history(board, userId, limit)));
  }

  @Override
  public Future<Health> health() {
    return parts.store.health();
  }

  @Override
  public Future<LeagueDefinition> putLeague(String league, JsonObject definition) {
    return Requests.guard(() -> parts.leagues.put(league, definition));
  }

  @Override
  public Future<LeagueDefinition> getLeague(String league) {
    return Requests.guard(() -> parts.leagues.get(league).map(l -> LeagueDefinition.of(l, false)));
  }

  @Override
  public Future<LeagueList> listLeagues() {
    return Requests.guard(parts.leagues::list);
  }

  @Override
  public Future<LeagueDeleted> deleteLeague(String league) {
    return Requests.guard(() -> parts.leagues.delete(league));
  }

  @Override
  public Future<LeagueMember> joinLeague(String league, LeagueJoin request, Boolean admin) {
    return Requests.guard(() -> parts.leagues.join(league, request, Boolean.TRUE.equals(admin)));
  }

  @Override
  public Future<LeagueStanding> submitLeague(String league, ScoreEvent event) {
    return Requests.guard(() -> parts.leagues.submit(league, event));
  }

  @Override
  public Future<LeagueBatchResult> submitLeagueBatch(String league, ScoreBatch batch) {
    return Requests.guard(() -> parts.leagues.get(league).compose(l -> parts.leagueBatch.submit(l, batch)));
  }

  @Override
  public Future<LeagueStanding> leagueUser(String league, String userId, String period, Boolean globalRanks) {
    return parts.profileJoin.join(Requests.guard(() -> parts.leagueStandings.user(league, userId, period,
        Boolean.TRUE.equals(globalRanks))));
  }

  @Override
  public Future<LeagueClosed> closeLeague(String league, String period) {
    return Requests.guard(() -> parts.leagues.close(league, period));
  }

  @Override
  public Future<LeagueHistory> leagueHistory(String league, String userId, Integer limit) {
    return parts.profileJoin.join(Requests.guard(() -> parts.leagues.history(league, userId, limit)));
  }

  @Override
  public Future<LeagueTiers> leagueTiers(String league, String period) {
    return Requests.guard(() -> parts.leagueReads.tiers(league, period));
  }

  @Override
  public Future<LeagueCohort> leagueCohort(String league, String tier, Long cohort, String period) {
    return parts.profileJoin.join(Requests.guard(() -> parts.leagueReads.cohort(league, tier, cohort, period)));
  }

  @Override
  public Future<LeaguePeriods> leaguePeriods(String league, Integer limit) {
    return Requests.guard(() -> parts.leagueReads.periods(league, limit));
  }

  @Override
  public Future<LeagueMovePage> leagueMoves(String league, String period, String movement, Long offset, Integer limit,
      String after) {
    return Requests.guard(() -> parts.leagueReads.moves(league, period, movement, offset, limit, after));
  }

  @Override
  public Future<UserProfile> getProfile(String userId) {
    return Requests.guard(() -> parts.profiles.get(userId));
  }

  @Override
  public Future<UserProfile> putProfile(String userId, JsonObject profile) {
    return Requests.guard(() -> parts.profiles.put(userId, profile));
  }

  @Override
  public Future<UserProfile> patchProfile(String userId, JsonObject changes) {
    return Requests.guard(() -> parts.profiles.patch(userId, changes));
  }

  @Override
  public Future<UserProfile> resetDisplayName(String userId) {
    return Requests.guard(() -> parts.profiles.resetName(userId));
  }
}
