package dev.leaderboard.client;

import dev.leaderboard.client.model.Event;
import dev.leaderboard.client.model.League;
import dev.leaderboard.client.model.LeagueBatchResult;
import dev.leaderboard.client.model.LeagueClosed;
import dev.leaderboard.client.model.LeagueCohort;
import dev.leaderboard.client.model.LeagueDefinition;
import dev.leaderboard.client.model.LeagueDeleted;
import dev.leaderboard.client.model.LeagueHistory;
import dev.leaderboard.client.model.LeagueList;
import dev.leaderboard.client.model.LeagueMember;
import dev.leaderboard.client.model.LeagueMovePage;
import dev.leaderboard.client.model.LeaguePeriods;
import dev.leaderboard.client.model.LeagueStanding;
import dev.leaderboard.client.model.LeagueTiers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Leagues, their members, scores and standings (tag {@code leagues}). */
public final class LeagueCalls {
  private final Transport transport;

  LeagueCalls(Transport transport) {
    this.transport = transport;
  }

  /** Every league. */
  @Operation("listLeagues")
  public LeagueList listLeagues() {
    return transport.send(Call.of("listLeagues", "GET", "/v1/leagues"), LeagueList.class);
  }

  /** Creates or updates a league (scope {@code admin}). */
  @Operation("putLeague")
  public League putLeague(String league, LeagueDefinition definition) {
    return transport.send(Call.of("putLeague", "PUT", "/v1/leagues/{}", league).body(definition), League.class);
  }

  /** The league's definition. */
  @Operation("getLeague")
  public League getLeague(String league) {
    return transport.send(Call.of("getLeague", "GET", "/v1/leagues/{}", league), League.class);
  }

  /** Deletes the league (scope {@code admin}). */
  @Operation("deleteLeague")
  public LeagueDeleted deleteLeague(String league) {
    return transport.send(Call.of("deleteLeague", "DELETE", "/v1/leagues/{}", league), LeagueDeleted.class);
  }

  /** Makes the user a member, in {@code tier} (null: the lowest). */
  @Operation("joinLeague")
  public LeagueMember joinLeague(String league, String userId, String tier) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("userId", userId);
    if (tier != null) {
      body.put("tier", tier);
    }
    return transport.send(Call.of("joinLeague", "POST", "/v1/leagues/{}/members", league).body(body),
        LeagueMember.class);
  }

  /** Submits a member's score event to their tier (with an event ID, as {@link ScoreCalls#submit}). */
  @Operation("submitLeague")
  public LeagueStanding submitLeague(String league, Event event) {
    return transport.send(Call.of("submitLeague", "POST", "/v1/leagues/{}/scores", league)
        .body(ScoreCalls.identified(event)), LeagueStanding.class);
  }

  /** The member's standing in their cohort; {@code period} null for the current one. */
  public LeagueStanding leagueUser(String league, String userId, String period) {
    return leagueUser(league, userId, period, false);
  }

  /**
   * The member's standing in their cohort; {@code period} null for the current one; {@code globalRanks}
   * adds each cohort entry's rank on the whole tier board.
   */
  @Operation("leagueUser")
  public LeagueStanding leagueUser(String league, String userId, String period, boolean globalRanks) {
    return transport.send(Call.of("leagueUser", "GET", "/v1/leagues/{}/users/{}", league, userId)
        .param("period", period).param("globalRanks", globalRanks ? true : null), LeagueStanding.class);
  }

  /** Closes an ended league period: every tier's period closes and members move (scope {@code admin}). */
  @Operation("closeLeague")
  public LeagueClosed closeLeague(String league, String period) {
    return transport.send(Call.of("closeLeague", "POST", "/v1/leagues/{}/periods/{}/close", league, period),
        LeagueClosed.class);
  }

  /** The member's moves, newest first; {@code limit} null for the node's default. */
  @Operation("leagueHistory")
  public LeagueHistory leagueHistory(String league, String userId, Integer limit) {
    return transport.send(Call.of("leagueHistory", "GET", "/v1/leagues/{}/users/{}/history", league, userId)
        .param("limit", limit), LeagueHistory.class);
  }

  /** A batch of score events, each on its member's tier board (single-event semantics per event). */
  @Operation("submitLeagueBatch")
  public LeagueBatchResult submitLeagueBatch(String league, List<Event> events) {
    return transport.send(Call.of("submitLeagueBatch", "POST", "/v1/leagues/{}/scores/batch", league)
        .body(Map.of("events", events.stream().map(ScoreCalls::identified).toList())), LeagueBatchResult.class);
  }

  /** Per tier, the members seated in it in the period and their cohorts; {@code period} null for the current one. */
  @Operation("leagueTiers")
  public LeagueTiers leagueTiers(String league, String period) {
    return transport.send(Call.of("leagueTiers", "GET", "/v1/leagues/{}/tiers", league).param("period", period),
        LeagueTiers.class);
  }

  /** A cohort of a tier with each member's zone; {@code period} null for the current one. */
  @Operation("leagueCohort")
  public LeagueCohort leagueCohort(String league, String tier, long cohort, String period) {
    return transport.send(Call.of("leagueCohort", "GET", "/v1/leagues/{}/tiers/{}/cohorts/{}", league, tier,
        Long.toString(cohort)).param("period", period), LeagueCohort.class);
  }

  /** The league's closed periods, newest first; {@code limit} null for the node's default. */
  @Operation("leaguePeriods")
  public LeaguePeriods leaguePeriods(String league, Integer limit) {
    return transport.send(Call.of("leaguePeriods", "GET", "/v1/leagues/{}/periods", league).param("limit", limit),
        LeaguePeriods.class);
  }

  /** A page of a closed period's moves; {@code movement} null for every move, offset and limit null for defaults. */
  public LeagueMovePage leagueMoves(String league, String period, String movement, Long offset, Integer limit) {
    return leagueMoves(league, period, movement, offset, limit, null);
  }

  /**
   * A page of a closed period's moves, from {@code offset} or after {@code after} (the {@code next} of the
   * page before; it reads only its own moves however deep), not both.
   */
  @Operation("leagueMoves")
  public LeagueMovePage leagueMoves(String league, String period, String movement, Long offset, Integer limit,
      String after) {
    return transport.send(Call.of("leagueMoves", "GET", "/v1/leagues/{}/periods/{}/moves", league, period)
        .param("movement", movement).param("offset", offset).param("limit", limit).param("after", after),
        LeagueMovePage.class);
  }
}
