package dev.leaderboard.service;

import dev.leaderboard.service.boards.BoardDefinitions;
import dev.leaderboard.service.intake.MetaUpdates;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.intake.ScoreNotices;
import dev.leaderboard.service.leagues.LeagueBatch;
import dev.leaderboard.service.leagues.LeagueCloser;
import dev.leaderboard.service.leagues.LeagueErasure;
import dev.leaderboard.service.leagues.LeagueReads;
import dev.leaderboard.service.leagues.LeagueStandings;
import dev.leaderboard.service.leagues.Leagues;
import dev.leaderboard.service.moderation.BanActions;
import dev.leaderboard.service.moderation.EntryRemoval;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.profiles.ProfileJoin;
import dev.leaderboard.service.profiles.Profiles;
import dev.leaderboard.service.reads.BoardReads;
import dev.leaderboard.service.reads.Histograms;
import dev.leaderboard.service.reads.RankTargets;
import dev.leaderboard.store.leagues.LeagueMemberships;
import dev.leaderboard.store.participation.UserSeats;
import dev.leaderboard.service.reads.ModerationTargets;
import dev.leaderboard.service.reads.RankHints;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.service.reads.UserView;
import dev.leaderboard.service.rewards.Rewards;
import dev.leaderboard.service.rewards.Standings;
import dev.leaderboard.service.webhooks.DeliveryAdmin;
import io.vertx.core.Vertx;
import java.time.Clock;

/**
 * Builds the leaderboard service over the node's {@link NodeStore}: each part once, wired to the
 * others, and the facade over them ({@link #service()}). The admin tick takes only the closing
 * parts ({@link #closing}), the friend service the read path ({@link #sources}). Each verticle
 * builds its own, so its close leases have an owner of their own.
 */
public final class ServiceGraph {
  final NodeStore store;
  final BoardDefinitions definitions;
  final ScoreIntake intake;
  final BoardReads reads;
  final Histograms histograms;
  final LeagueStandings leagueStandings;
  final RankTargets rankTargets;
  final PeriodAdmin periods;
  final DeliveryAdmin deliveries;
  final MetaUpdates metas;
  final EntryRemoval removal;
  final BanActions banActions;
  final UserView view;
  final Erasure erasure;
  final Export export;
  final Rewards rewards;
  final Standings standings;
  final Participation participation;
  final Leagues leagues;
  final LeagueReads leagueReads;
  final LeagueBatch leagueBatch;
  final Profiles profiles;
  final ProfileJoin profileJoin;
  private final LeaderboardServiceImpl service;

  /** A period's and a league's close, and the period listing that closes a period on request. */
  public record Closing(PeriodCloser closer, PeriodAdmin periods, LeagueCloser leagues) {
  }

  /**
   * @param defaultPartitions partitions of a board that does not say
   * @param closeLeaseMillis how long a close lease of this graph outlives a dead node
   * @param noticeIntervalMillis how long score changes are gathered before one notice per board and period
   */
  public ServiceGraph(Vertx vertx, NodeStore store, Clock clock, int defaultPartitions, long closeLeaseMillis,
      long noticeIntervalMillis) {
    this.store = store;
    ScoreNotices notices = new ScoreNotices(vertx, noticeIntervalMillis);
    RankHints hints = new RankHints();
    ReadSources sources = sources(store, hints);
    ModerationTargets targets = new ModerationTargets(store.boardStore(), store.periods());
    this.participation = new Participation(store.boards(), store.bans(), store.participation(), sources, clock);
    this.intake = new ScoreIntake(store.boards(), store.bans(), store.scores(), sources, hints, clock, notices,
        participation);
    Closing closing = closing(vertx, store, clock, closeLeaseMillis, intake);
    this.periods = closing.periods();
    this.definitions = new BoardDefinitions(store.boards(), store.boardStore(), store.archive(), clock,
        defaultPartitions);
    this.reads = new BoardReads(store.boards(), sources, clock);
    this.histograms = new Histograms(store.boards(), store.scores(), clock);
    this.rankTargets = new RankTargets(store.boards(), sources, store.scores(), clock);
    this.metas = new MetaUpdates(store.boards(), store.metas(), clock, notices);
    this.deliveries = new DeliveryAdmin(store.boards(), store.deliveries(), vertx.eventBus());
    this.removal = new EntryRemoval(store.boards(), store.moderation(), hints, clock);
    this.banActions = new BanActions(store.moderation(), store.bans(), targets, clock);
    this.view = new UserView(store.moderation(), store.scores(), targets);
    this.profiles = new Profiles(store.profiles(), store.profileCache(), store.bans(), vertx.eventBus());
    this.profileJoin = new ProfileJoin(store.profileCache());
    this.erasure = new Erasure(store.moderation(), store.bans(), targets, store.friends(), store.archive(),
        clock, new UserSeats(store.shards()),
        new LeagueErasure(new LeagueMemberships(store.shards(), store.leagues()), store.heldScores(), store.archive().leagueMoves()),
        profiles);
    this.export = new Export(store.moderation(), targets, new UserSeats(store.shards()), store.friends(),
        new LeagueMemberships(store.shards(), store.leagues()),
        store.heldScores(), store.profiles(), store.archive(), clock);
    this.rewards = new Rewards(store.boards(), store.archive().rewards(), clock);
    this.standings = new Standings(store.boards(), store.archive(), participation, clock);
    this.leagueBatch = LeagueBatch.of(store.leagues(), store.heldScores(), store.boards(), intake,
        store.participation(), participation, store.bans(), closing.leagues(), clock);
    this.leagueStandings = new LeagueStandings(store.leagues(), store.boards(), participation, clock);
    this.leagues = new Leagues(store.leagues(), definitions, store.boards(), intake, leagueBatch, leagueStandings,
        closing.leagues(), clock);
    this.leagueReads = new LeagueReads(leagues, store.leagues(), store.archive().leagueMoves(), store.boards(),
        participation, clock);
    this.service = new LeaderboardServiceImpl(this);
  }

  /**
   * The closing parts alone, for the admin tick: one {@link PeriodAdmin}, which the league closer
   * closes tier periods through; {@code intake} takes the league scores held for a close.
   */
  public static Closing closing(Vertx vertx, NodeStore store, Clock clock, long leaseMillis, ScoreIntake intake) {
    PeriodCloser closer = new PeriodCloser(vertx, store.boards(), store.boardStore(), store.periods(),
        store.deliveries(), store.participation(), store.archive(), clock, leaseMillis);
    PeriodAdmin periods = new PeriodAdmin(store.boards(), store.boardStore(), store.periods(), store.deliveries(),
        store.archive(), closer, clock);
    return new Closing(closer, periods, LeagueCloser.of(vertx, store.leagues(), store.heldScores(),
        store.deliveries(), store.boardStore(), store.periods(), store.participation(), store.archive(), store.boards(),
        periods, intake,
        store.bans(), leaseMillis));
  }

  /** A score intake over the node's store alone, for the admin tick's replay of held league scores. */
  public static ScoreIntake intake(Vertx vertx, NodeStore store, Clock clock) {
    RankHints hints = new RankHints();
    ReadSources sources = sources(store, hints);
    Participation participation = new Participation(store.boards(), store.bans(), store.participation(), sources,
        clock);
    return new ScoreIntake(store.boards(), store.bans(), store.scores(), sources, hints, clock,
        new ScoreNotices(vertx, ScoreNotices.DEFAULT_INTERVAL_MS), participation);
  }

  /** Where a board period is read from, live or archived; {@code hints} carry what writes learned about ranks. */
  public static ReadSources sources(NodeStore store, RankHints hints) {
    return new ReadSources(store.boards(), store.scores(), store.participation(), store.archive(), hints);
  }

  /** The facade over these parts. */
  public LeaderboardServiceImpl service() {
    return service;
  }
}
