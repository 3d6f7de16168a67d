package dev.leaderboard.service;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.service.request.BanRequest;
import dev.leaderboard.service.request.JoinRequest;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.MetaUpdate;
import dev.leaderboard.service.request.ScoreBatch;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.request.UserIds;
import dev.leaderboard.service.result.AroundPage;
import dev.leaderboard.service.result.BatchResult;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.JoinResult;
import dev.leaderboard.service.result.LeagueBatchResult;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.service.result.LeagueCohort;
import dev.leaderboard.service.result.LeagueMovePage;
import dev.leaderboard.service.result.LeaguePeriods;
import dev.leaderboard.service.result.LeagueTiers;
import dev.leaderboard.service.result.LeagueDefinition;
import dev.leaderboard.service.result.LeagueHistory;
import dev.leaderboard.service.result.LeagueDeleted;
import dev.leaderboard.service.result.LeagueList;
import dev.leaderboard.service.result.LeagueMember;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.service.result.ParticipantList;
import dev.leaderboard.service.result.UserBoards;
import dev.leaderboard.service.result.BoardDefinition;
import dev.leaderboard.service.result.BoardDeleted;
import dev.leaderboard.service.result.BoardList;
import dev.leaderboard.service.result.DeliveryList;
import dev.leaderboard.service.result.EntryPage;
import dev.leaderboard.service.result.Health;
import dev.leaderboard.service.result.Histogram;
import dev.leaderboard.service.result.BanChange;
import dev.leaderboard.service.result.EntryRemoved;
import dev.leaderboard.service.result.Erased;
import dev.leaderboard.service.result.UserExport;
import dev.leaderboard.service.result.ModeratedUser;
import dev.leaderboard.service.result.PeriodClosed;
import dev.leaderboard.service.result.PeriodList;
import dev.leaderboard.service.result.RankList;
import dev.leaderboard.service.result.RankTarget;
import dev.leaderboard.service.result.RewardClaimed;
import dev.leaderboard.service.result.RewardList;
import dev.leaderboard.service.result.ScoreRank;
import dev.leaderboard.service.result.StandingHistory;
import dev.leaderboard.service.result.SubmitResult;
import dev.leaderboard.service.result.UserEntry;
import dev.leaderboard.service.result.UserMeta;
import dev.leaderboard.service.result.UserProfile;
import io.vertx.codegen.annotations.ProxyGen;
import io.vertx.codegen.annotations.VertxGen;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;

/**
 * The leaderboard service: boards, periods, submits, reads, entry metadata, moderation and rewards. The one
 * code path behind the HTTP API (which calls the node's implementation in process, see
 * {@link NodeServices}) and event-bus callers (the generated proxy on {@link BusAddresses#SERVICE}).
 *
 * <p>Answers are records (service/result) whose JSON is the document the HTTP API returns for the same
 * request. Failures are {@link dev.leaderboard.core.LeaderboardException}s: over the event bus a
 * {@link io.vertx.serviceproxy.ServiceException} whose {@code failureCode} is the HTTP status and
 * whose {@code debugInfo} holds {@code {"error": "<code>"}}. Arguments that are {@code null} take
 * their documented defaults; {@code meta} {@code false} leaves entries' metadata out.
 *
 * <p>From any verticle in the cluster: {@code LeaderboardService.createProxy(vertx, BusAddresses.SERVICE)}.
 */
@ProxyGen
@VertxGen
public interface LeaderboardService {

  static LeaderboardService createProxy(Vertx vertx, String address) {
    LeaderboardException.registerCodecs(vertx.eventBus());
    return new LeaderboardServiceVertxEBProxy(vertx, address);
  }

  /** Creates or updates a board; a definition is read against the board's current one by {@code Board.define}. */
  Future<BoardDefinition> putBoard(String board, JsonObject definition);

  Future<BoardDefinition> getBoard(String board);

  /** {@code {"boards": [definition, ...]}} sorted by name. */
  Future<BoardList> listBoards();

  /** Deletes a board and all its scores, hot and archived. */
  Future<BoardDeleted> deleteBoard(String board);

  /** The board's periods, newest first, with their states; hot ones from Redis, older ones from the archive. */
  Future<PeriodList> periods(String board);

  /** Closes a period now (also the current one) and archives it; closing it again answers the same. */
  Future<PeriodClosed> closePeriod(String board, String period);

  /** The webhook deliveries of the board's archived periods, newest period first. */
  Future<DeliveryList> deliveries(String board);

  /**
   * Sends the period's webhook again now: a delivery waiting for its next attempt is attempted at
   * once, a delivered or cancelled one is sent again; answers the delivery as recorded before the attempt.
   */
  Future<DeliveryList> redeliver(String board, String period);

  /** One score event; {@code withRank}: answer with the user's rank ({@code null}: the board's {@code rankOnSubmit}). */
  Future<SubmitResult> submit(String board, ScoreEvent event, Boolean withRank);

  /** Up to 1,000 events; the events of the shards that answered stand. */
  Future<BatchResult> submitBatch(String board, ScoreBatch batch);

  /** A page from global position {@code offset}; {@code period} {@code current} or an ID, {@code rankMode} unique, competition or dense. */
  Future<EntryPage> entries(String board, String period, Long offset, Integer limit, String rankMode, Boolean meta);

  /** One user's entry; 404 when the user has no score. */
  Future<UserEntry> user(String board, String userId, String period, String rankMode, Boolean meta);

  /** {@code limit} entries (default 11) centred on the user, as far as the board's ends allow; 404 when absent. */
  Future<AroundPage> around(String board, String userId, String period, Integer limit, String rankMode,
      Boolean meta);

  /** Those users' entries in board order with global ranks, and the IDs without a score (partial while a shard is down). */
  Future<RankList> ranks(String board, UserIds request, String period, String rankMode, Boolean meta);

  /**
   * How the live period's scores are distributed over {@code buckets} (1 to 100, default 20) ranges
   * from its lowest to its highest score (the board's {@code minScore}..{@code maxScore} when empty);
   * 409 {@code period_archived} for an archived period.
   */
  Future<Histogram> histogram(String board, String period, Integer buckets);

  /**
   * The score rank {@code rank} needs in {@code rankMode}: the entry holding it and the worst score that
   * ranks there or better if reached now; with {@code userId}, how far that user's entry is from it.
   */
  Future<RankTarget> scoreAtRank(String board, Long rank, String period, String rankMode, String userId);

  /**
   * The rank {@code score} would have now if an entry reached it, without submitting it; with
   * {@code userId}, as if that user's entry held it. 409 {@code period_archived} for an archived period.
   */
  Future<ScoreRank> rankOfScore(String board, Long score, String period, String rankMode, String userId);

  /** Replaces the metadata of the user's entry in the period; 404 without an entry, 409 once the period is closed. */
  Future<UserMeta> updateMeta(String board, String userId, String period, MetaUpdate request);

  /** Removes the user's entry from one live period; 404 when there is none, 409 when the period is closing or archived. */
  Future<EntryRemoved> removeEntry(String board, String userId, String period);

  /** Bans the user on every board; banning again keeps the first time. */
  Future<BanChange> ban(String userId, BanRequest request);

  /** Lifts the user's ban and restores the entries of the periods still open; 404 when not banned. */
  Future<BanChange> lift(String userId);

  /** The user's ban, if any, and the user's entries on every live board period (and those a ban holds back). */
  Future<ModeratedUser> moderatedUser(String userId);

  /** Erases the user everywhere (hot and archived periods, friend links, idempotency records, ban). */
  Future<Erased> erase(String userId);

  /**
   * Everything the service holds about the user as one document (hot and archived periods, metadata,
   * participations, friends, rewards, leagues, ban, the audit entries that name them); reads only.
   */
  Future<UserExport> exportUser(String userId);

  /**
   * Joins the user to the board's current period (placing them in a cohort on a board with cohorts);
   * {@code created} false when the user had joined it before (the same answer otherwise). 409
   * {@code board_full}, {@code not_running} or {@code period_closed}.
   */
  Future<JoinResult> join(String board, JoinRequest request);

  /** The period's participants in join order; an archived period's as at its close. */
  Future<ParticipantList> participants(String board, String period, Long offset, Integer limit);

  /** The user's cohort: its members' entries ranked within it, with their board ranks; 404 {@code cohort_not_found}. */
  Future<CohortBoard> userCohort(String board, String userId, String period, String rankMode, Boolean meta);

  /** A cohort by its ID, as {@link #userCohort}; 404 {@code cohort_not_found}. */
  Future<CohortBoard> cohort(String board, Long cohort, String period, String rankMode, Boolean meta);

  /** The boards where the user takes part or has an entry in the current period, with standing, attempts and window. */
  Future<UserBoards> userBoards(String userId);

  /**
   * The user's rewards of closed periods in {@code state} ({@code unclaimed}, {@code claimed} or
   * {@code all}, the default), newest first, at most {@code limit} (1 to 1,000, default 100).
   */
  Future<RewardList> rewards(String userId, String state, Integer limit);

  /**
   * Claims the user's reward {@code rewardId}: succeeds once, however many claims race on any nodes;
   * then 409 {@code already_claimed}; 404 {@code reward_not_found} when the user has no such reward.
   */
  Future<RewardClaimed> claimReward(String userId, Long rewardId);

  /** The rewards a closed period recorded, best rank first, from {@code offset}, at most {@code limit} (default 100). */
  Future<RewardList> periodRewards(String board, String period, Long offset, Integer limit);

  /**
   * The user's standing in the current period and each archived one, newest first, at most
   * {@code limit} periods (default 20), with the user's reward of each closed one.
   */
  Future<StandingHistory> history(String board, String userId, Integer limit);

  /**
   * Creates or updates a league ({@code League.define}): its tiers are boards with cohorts that no
   * caller names, created with it.
   */
  Future<LeagueDefinition> putLeague(String league, JsonObject definition);

  Future<LeagueDefinition> getLeague(String league);

  /** {@code {"leagues": [definition, ...]}} sorted by name. */
  Future<LeagueList> listLeagues();

  /** Deletes a league, its members and its tier boards with all their scores, hot and archived. */
  Future<LeagueDeleted> deleteLeague(String league);

  /** Makes the user a member (lowest tier); {@code tier} places them and needs {@code admin}. */
  Future<LeagueMember> joinLeague(String league, LeagueJoin request, Boolean admin);

  /** A score on the member's tier board; the answer has the tier, cohort, rank in the cohort and zone. */
  Future<LeagueStanding> submitLeague(String league, ScoreEvent event);

  /**
   * A batch of league scores, each on its member's tier board: the boards' batch answer with each
   * landed event's tier, period and cohort.
   */
  Future<LeagueBatchResult> submitLeagueBatch(String league, ScoreBatch batch);

  /**
   * The member's tier, cohort (its entries), rank and zone in the period ({@code null}: the current
   * one); each entry's rank on the whole tier board ({@code globalRank}) only with {@code globalRanks}.
   */
  Future<LeagueStanding> leagueUser(String league, String userId, String period, Boolean globalRanks);

  /**
   * Closes the league's period now (each tier board's, as {@link #closePeriod} would) and moves its
   * members: computed and recorded once, applied once; answers the moves.
   */
  Future<LeagueClosed> closeLeague(String league, String period);

  /** The member's closed periods, newest first (at most {@code limit}, default 20): tier, cohort rank, score, movement. */
  Future<LeagueHistory> leagueHistory(String league, String userId, Integer limit);

  /** Per tier, lowest first, the members seated in it in the period ({@code null}: the current one) and their cohorts. */
  Future<LeagueTiers> leagueTiers(String league, String period);

  /** A cohort of a tier in the period: its entries, ranks and each member's zone (an archived period's as at its close). */
  Future<LeagueCohort> leagueCohort(String league, String tier, Long cohort, String period);

  /** The league's closed periods, newest first (at most {@code limit}, default 20), with their moves counted by movement. */
  Future<LeaguePeriods> leaguePeriods(String league, Integer limit);

  /**
   * A page of a closed period's recorded moves, {@code movement} ({@code null}: any) filtering them, with the
   * counts by movement: from {@code offset}, or after {@code after} (a page's {@code next}), not both.
   */
  Future<LeagueMovePage> leagueMoves(String league, String period, String movement, Long offset, Integer limit,
      String after);

  /** This node's view of its stores (shards PINGed, PostgreSQL queried, boards cached); never fails. */
  Future<Health> health();

  /** A player's profile; 404 {@code profile_not_found} when the user has none. */
  Future<UserProfile> getProfile(String userId);

  /** Replaces a player's profile (creates it): {@code displayName}, {@code avatarUrl}, {@code country}, {@code data}. */
  Future<UserProfile> putProfile(String userId, JsonObject profile);

  /** Changes the fields of a player's profile that {@code changes} names ({@code null}: removes one); creates it when there is none. */
  Future<UserProfile> patchProfile(String userId, JsonObject changes);

  /** Removes a player's display name (a moderator's reset); 404 {@code profile_not_found} when the user has no profile. */
  Future<UserProfile> resetDisplayName(String userId);
}
