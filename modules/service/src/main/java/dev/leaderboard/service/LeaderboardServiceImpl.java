package dev.leaderboard.service;

import dev.leaderboard.service.request.Requests;
import dev.leaderboard.core.Board;
import dev.leaderboard.service.boards.BoardDefinitions;
import dev.leaderboard.service.intake.MetaUpdates;
import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.moderation.BanActions;
import dev.leaderboard.service.moderation.EntryRemoval;
import dev.leaderboard.service.reads.ModerationTargets;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.reads.BoardReads;
import dev.leaderboard.service.reads.Histograms;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.reads.UserView;
import dev.leaderboard.service.webhooks.DeliveryAdmin;
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
import dev.leaderboard.service.result.Moderated;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.RewardClaimed;
import dev.leaderboard.service.result.RewardList;
import dev.leaderboard.service.result.StandingHistory;
import dev.leaderboard.service.rewards.Rewards;
import dev.leaderboard.service.leagues.ClosedPeriodGate;
import dev.leaderboard.service.leagues.LeagueBatch;
import dev.leaderboard.service.leagues.LeagueCloser;
import dev.leaderboard.service.leagues.LeagueReads;
import dev.leaderboard.service.leagues.LeagueErasure;
import dev.leaderboard.service.leagues.Leagues;
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
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.service.rewards.Standings;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.moderation.ModerationStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Clock;

/**
 * The leaderboard service on this node's {@link NodeStore}: it hands each request to the class doing
 * that job; a refusal thrown before the first I/O becomes a failed future, a fault 500 {@code internal}.
 */
public final class LeaderboardServiceImpl implements LeaderboardService {
  private final NodeStore store;
  private final BoardDefinitions definitions;
  private final ScoreIntake intake;
  private final BoardReads reads;
  private final Histograms histograms;
  private final PeriodAdmin periods;
  private final DeliveryAdmin deliveries;
  private final MetaUpdates metas;
  private final EntryRemoval removal;
  private final BanActions banActions;
  private final UserView view;
  private final Erasure erasure;
  private final Rewards rewards;
  private final Standings standings;
  private final Participation participation;
  private final Clock clock;
  private final Leagues leagues;
  private final LeagueReads leagueReads;
  private final LeagueBatch leagueBatch;

  public LeaderboardServiceImpl(Vertx vertx, NodeStore store, PeriodCloser closer, Clock clock, int defaultPartitions,
      ScoreNotices notices) {
    this.store = store;
    RankHints hints = new RankHints();
    ReadSources sources = new ReadSources(store.boards(), store.scores(), store.participation(), store.archive(),
        hints);
    PeriodStore periodStore = store.periods();
    ModerationStore moderation = store.moderation();
    ModerationTargets targets = new ModerationTargets(store.boardStore(), periodStore);
    this.definitions = new BoardDefinitions(store.boards(), store.boardStore(), store.archive(), clock,
        defaultPartitions);
    this.clock = clock;
    this.participation = new Participation(store.boards(), store.bans(), store.participation(), sources, clock);
    this.intake = new ScoreIntake(store.boards(), store.bans(), store.scores(), sources, hints, clock, notices,
        participation);
    this.reads = new BoardReads(store.boards(), sources, clock);
    this.histograms = new Histograms(store.boards(), store.scores(), clock);
    this.metas = new MetaUpdates(store.boards(), store.metas(), clock, notices);
    this.periods = new PeriodAdmin(store.boards(), store.boardStore(), periodStore, store.archive(), closer, clock);
    this.deliveries = new DeliveryAdmin(store.boards(), store.deliveries(), vertx.eventBus());
    this.removal = new EntryRemoval(store.boards(), moderation, hints, clock);
    this.banActions = new BanActions(moderation, store.bans(), targets, clock);
    this.view = new UserView(moderation, store.scores(), targets);
    LeagueStore leagueStore = store.leagues();
    this.erasure = new Erasure(moderation, store.bans(), targets, store.friends(), store.archive(),
        clock, store.participation(), new LeagueErasure(leagueStore, store.archive().leagueMoves()));
    this.rewards = new Rewards(store.boards(), store.archive().rewards(), clock);
    this.standings = new Standings(store.boards(), reads, store.archive(), participation, clock);
    LeagueCloser leagueCloser = LeagueCloser.of(vertx, leagueStore, store.deliveries(), periodStore, store.archive(),
        store.boards(), periods, closer.leaseMillis());
    ClosedPeriodGate gate = new ClosedPeriodGate(leagueStore, leagueCloser, clock);
    this.leagueBatch = new LeagueBatch(leagueStore, store.boards(), intake, store.participation(),
        store.bans(), gate, clock);
    this.leagues = new Leagues(leagueStore, definitions, store.boards(), intake, leagueBatch, participation,
        leagueCloser, clock);
    this.leagueReads = new LeagueReads(leagues, leagueStore, store.archive().leagueMoves(), store.boards(),
        participation, clock);
  }

  /** The board's definition for the node's own checks (access, streams); 404 when there is none. */
  public Future<Board> board(String board) {
    return Requests.guard(() -> definitions.get(board));
  }

  @Override
  public Future<BoardDefinition> putBoard(String board, JsonObject definition) {
    return Requests.guard(() -> definitions.put(board, definition));
  }

  @Override
  public Future<BoardDefinition> getBoard(String board) {
    return board(board).map(b -> BoardDefinition.of(b, null));
  }

  @Override
  public Future<BoardList> listBoards() {
    return Requests.guard(definitions::list);
  }

  @Override
  public Future<BoardDeleted> deleteBoard(String board) {
    return Requests.guard(() -> definitions.delete(board));
  }

  @Override
  public Future<PeriodList> periods(String board) {
    return Requests.guard(() -> periods.list(board));
  }

  @Override
  public Future<PeriodClosed> closePeriod(String board, String period) {
    return Requests.guard(() -> periods.close(board, period));
  }

  @Override
  public Future<DeliveryList> deliveries(String board) {
    return Requests.guard(() -> deliveries.list(board));
  }

  @Override
  public Future<DeliveryList> redeliver(String board, String period) {
    return Requests.guard(() -> deliveries.redeliver(board, period));
  }

  @Override
  public Future<SubmitResult> submit(String board, ScoreEvent event, Boolean withRank) {
    return Requests.guard(() -> intake.submit(board, event, withRank));
  }

  @Override
  public Future<BatchResult> submitBatch(String board, ScoreBatch batch) {
    return Requests.guard(() -> intake.submitBatch(board, batch));
  }

  @Override
  public Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode,
      Boolean meta) {
    return Requests.guard(() -> reads.entries(board, period, offset, limit, rankMode, meta));
  }

  @Override
  public Future<UserEntry> user(String board, String userId, String period, String rankMode, Boolean meta) {
    return Requests.guard(() -> reads.user(board, userId, period, rankMode, meta).compose(entry ->
        store.boards().require(board).compose(b -> b.competition().cohorts()
            ? participation.withCohort(b, Requests.period(b, period, clock), userId, Requests.rankMode(rankMode), entry)
            : Future.succeededFuture(entry))));
  }

  @Override
  public Future<JoinResult> join(String board, JoinRequest request) {
    return Requests.guard(() -> participation.join(board, request));
  }

  @Override
  public Future<ParticipantList> participants(String board, String period, Long offset, Integer limit) {
    return Requests.guard(() -> participation.participants(board, period, offset, limit));
  }

  @Override
  public Future<CohortBoard> userCohort(String board, String userId, String period, String rankMode, Boolean meta) {
    return Requests.guard(() -> participation.cohortOf(board, userId, period, rankMode, meta));
  }

  @Override
  public Future<CohortBoard> cohort(String board, Long cohort, String period, String rankMode, Boolean meta) {
    return Requests.guard(() -> participation.cohort(board, cohort, period, rankMode, meta));
  }

  @Override
  public Future<UserBoards> userBoards(String userId) {
    return Requests.guard(() -> participation.userBoards(userId));
  }

  @Override
  public Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode,
      Boolean meta) {
    return Requests.guard(() -> reads.around(board, userId, period, limit, rankMode, meta));
  }

  @Override
  public Future<RankList> ranks(String board, UserIds request, String period, String rankMode, Boolean meta) {
    return Requests.guard(() -> reads.ranks(board, request, period, rankMode, meta));
  }

  @Override
  public Future<Histogram> histogram(String board, String period, Integer buckets) {
    return Requests.guard(() -> histograms.histogram(board, period, buckets));
  }

  @Override
  public Future<UserMeta> updateMeta(String board, String userId, String period, MetaUpdate request) {
    return Requests.guard(() -> metas.update(board, userId, period, request));
  }

  @Override
  public Future<Moderated> removeEntry(String board, String userId, String period) {
    return Requests.guard(() -> removal.remove(board, userId, period).map(Moderated::new));
  }

  @Override
  public Future<Moderated> ban(String userId, BanRequest request) {
    return Requests.guard(() -> banActions.ban(userId, request).map(Moderated::new));
  }

  @Override
  public Future<Moderated> lift(String userId) {
    return Requests.guard(() -> banActions.lift(userId).map(Moderated::new));
  }

  @Override
  public Future<Moderated> moderatedUser(String userId) {
    return Requests.guard(() -> view.user(userId).map(Moderated::new));
  }

  @Override
  public Future<Moderated> erase(String userId) {
    return Requests.guard(() -> erasure.erase(userId).map(Moderated::new));
  }

  @Override
  public Future<RewardList> rewards(String userId, String state, Integer limit) {
    return Requests.guard(() -> rewards.user(userId, state, limit));
  }

  @Override
  public Future<RewardClaimed> claimReward(String userId, Long rewardId) {
    return Requests.guard(() -> rewards.claim(userId, rewardId));
  }

  @Override
  public Future<RewardList> periodRewards(String board, String period, Long offset, Integer limit) {
    return Requests.guard(() -> rewards.period(board, period, offset, limit));
  }

  @Override
  public Future<StandingHistory> history(String board, String userId, Integer limit) {
    return Requests.guard(() -> standings.history(board, userId, limit));
  }

  @Override
  public Future<Health> health() {
    return store.health();
  }

  @Override
  public Future<LeagueDefinition> putLeague(String league, JsonObject definition) {
    return Requests.guard(() -> leagues.put(league, definition));
  }

  @Override
  public Future<LeagueDefinition> getLeague(String league) {
    return Requests.guard(() -> leagues.get(league).map(l -> LeagueDefinition.of(l, false)));
  }

  @Override
  public Future<LeagueList> listLeagues() {
    return Requests.guard(leagues::list);
  }

  @Override
  public Future<LeagueDeleted> deleteLeague(String league) {
    return Requests.guard(() -> leagues.delete(league));
  }

  @Override
  public Future<LeagueMember> joinLeague(String league, LeagueJoin request, Boolean admin) {
    return Requests.guard(() -> leagues.join(league, request, Boolean.TRUE.equals(admin)));
  }

  @Override
  public Future<LeagueStanding> submitLeague(String league, ScoreEvent event) {
    return Requests.guard(() -> leagues.submit(league, event));
  }

  @Override
  public Future<LeagueBatchResult> submitLeagueBatch(String league, ScoreBatch batch) {
    return Requests.guard(() -> leagues.get(league).compose(l -> leagueBatch.submit(l, batch)));
  }

  @Override
  public Future<LeagueStanding> leagueUser(String league, String userId, String period) {
    return Requests.guard(() -> leagues.user(league, userId, period));
  }


  @Override
  public Future<LeagueClosed> closeLeague(String league, String period) {
    return Requests.guard(() -> leagues.close(league, period));
  }


  @Override
  public Future<LeagueHistory> leagueHistory(String league, String userId, Integer limit) {
    return Requests.guard(() -> leagues.history(league, userId, limit));
  }

  @Override
  public Future<LeagueTiers> leagueTiers(String league, String period) {
    return Requests.guard(() -> leagueReads.tiers(league, period));
  }

  @Override
  public Future<LeagueCohort> leagueCohort(String league, String tier, Long cohort, String period) {
    return Requests.guard(() -> leagueReads.cohort(league, tier, cohort, period));
  }

  @Override
  public Future<LeaguePeriods> leaguePeriods(String league, Integer limit) {
    return Requests.guard(() -> leagueReads.periods(league, limit));
  }

  @Override
  public Future<LeagueMovePage> leagueMoves(String league, String period, String movement, Long offset, Integer limit) {
    return Requests.guard(() -> leagueReads.moves(league, period, movement, offset, limit));
  }

}
