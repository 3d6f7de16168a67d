package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardDefinitions;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.request.LeagueJoin;
import dev.leaderboard.service.request.ScoreEvent;
import dev.leaderboard.service.result.LeagueClosed;
import dev.leaderboard.service.result.LeagueDefinition;
import dev.leaderboard.service.result.LeagueHistory;
import dev.leaderboard.service.result.LeagueDeleted;
import dev.leaderboard.service.result.LeagueList;
import dev.leaderboard.service.result.LeagueMember;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.Comparator;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Leagues over their tier boards: each tier is an ordinary board with cohorts, so submits, cohort
 * placement, ranks, closing and the archive are the boards' own; a league adds its members' tiers
 * and which zone of a cohort (promotion, stay, relegation) a member stands in.
 */
public record Leagues(LeagueStore store, BoardDefinitions definitions, BoardRegistry boards, ScoreIntake intake,
    LeagueBatch batch, LeagueStandings standings, LeagueCloser closer, Clock clock) {
  /**
   * Creates or updates a league. A new league's tier boards are created before the league is
   * stored, so a stored league always has them; a request repeated after a failure creates what is missing.
   */
  public Future<LeagueDefinition> put(String name, JsonObject definition) {
    Names.board("league", name);
    JsonObject spec = definition == null ? new JsonObject() : definition;
    return store.get(name).compose(existing -> {
      League l = League.define(name, spec, existing, clock.instant(), newUid());
      // the tier boards first (their rewards too): a stored league always has them, and an update
      // repeated after a failure brings every tier board to the stored definition
      Future<?> tiers = tierBoards(l);
      if (existing != null) {
        return tiers.compose(v -> store.update(l)).map(LeagueDefinition.of(l, false));
      }
      return tiers.compose(v -> store.create(l)).compose(created -> created
          ? Future.succeededFuture(LeagueDefinition.of(l, true))
          // another node created it meanwhile: apply this request as an update of that league
          : put(name, definition));
    });
  }

  /** Creates or updates each tier's board, one after another, with what the league gives it. */
  private Future<?> tierBoards(League l) {
    Future<?> tiers = Future.succeededFuture();
    for (String tier : l.tiers()) {
      tiers = tiers.compose(v -> definitions.putTier(new League.TierName(l.name(), tier), l.boardSpec(tier)));
    }
    return tiers;
  }

  public Future<League> get(String name) {
    Names.board("league", name);
    return store.get(name).map(l -> {
      if (l == null) {
        throw Refusal.LEAGUE_NOT_FOUND.exception(name);
      }
      return l;
    });
  }

  public Future<LeagueList> list() {
    return store.loadAll().map(all -> LeagueList.of(all.stream().sorted(Comparator.comparing(League::name)).toList()));
  }

  /**
   * Removes the league (no score reaches it after), then its tier boards with every score, hot and
   * archived, and its recorded moves.
   */
  public Future<LeagueDeleted> delete(String name) {
    return get(name).compose(l -> {
      Future<Void> gone = store.delete(l);
      for (String tier : l.tiers()) {
        gone = gone.compose(v -> definitions.deleteTier(l.tierBoard(tier)));
      }
      return gone.compose(v -> closer.forget(l)).map(LeagueDeleted.of(name));
    });
  }

  /**
   * Makes the user a member, in the lowest tier; {@code tier} places them (a member too) and is for
   * administrators only ({@code admin}).
   */
  public Future<LeagueMember> join(String name, LeagueJoin request, boolean admin) {
    Names.board("league", name);
    LeagueJoin body = (request == null ? new LeagueJoin(null) : request).check();
    return get(name).compose(l -> {
      String tier = body.tier();
      if (tier != null && !admin) {
        throw Refusal.FORBIDDEN.exception("tier may be given only with an admin key: members join the lowest tier and"
            + " move by their results");
      }
      if (tier != null && l.level(tier) < 0) {
        throw Refusal.invalid("tier", "must be one of the league's tiers " + l.tiers() + " (got '" + tier
            + "')");
      }
      return store.join(l, body.userId(), tier == null ? l.lowest() : tier, tier != null)
          .map(j -> LeagueMember.of(body.userId(), j.tier(), j.created()));
    });
  }

  /**
   * A score on the member's tier board (a non-member's first score joins the lowest tier with
   * {@code autoJoin}); answers with the member's cohort, rank in it and zone, or {@code pending}
   * while a new period's score is held for the previous period's moves.
   */
  public Future<LeagueStanding> submit(String name, ScoreEvent event) {
    Names.board("league", name);
    ScoreEvent body = Objects.requireNonNullElseGet(event, () -> new ScoreEvent(null)).check();
    String userId = body.userId();
    return get(name).compose(l -> batch.route(l, body).compose(way -> {
      if (way.board() == null) {
        return Future.succeededFuture(LeagueStanding.pending(l.name(), userId, way.heldIn()));
      }
      Board b = way.board();
      return intake.submit(b, body, false).compose(done -> standings.place(l, b.tier().tier(), b,
          b.parsePeriod(done.period()), userId).map(s -> s.scored(done)));
    }));
  }

  /** Closes the league's period now (every tier's), then records and applies its moves once. */
  public Future<LeagueClosed> close(String name, String period) {
    Names.board("league", name);
    return get(name).compose(l -> boards.require(l.tierBoard(l.lowest())).compose(b -> {
      Period p = Requests.period(b, period, clock);
      return closer.close(l, p).map(moves -> LeagueClosed.of(l.name(), p.id(), moves));
    }));
  }

  /** The member's closed periods, newest first: the tier they competed in, their cohort rank, score and move. */
  public Future<LeagueHistory> history(String name, String userId, Integer limit) {
    Names.board("league", name);
    Names.id("userId", userId);
    int lim = Requests.limit(limit, 20);
    return get(name).compose(l -> closer.history(l, userId, lim).map(steps -> LeagueHistory.of(l.name(), userId, steps)));
  }

  static LeaderboardException notMember(League l, String userId) {
    return Refusal.NOT_A_MEMBER.exception(userId, l.name(),
        l.autoJoin() ? "" : "; the league has no autoJoin: join with POST /v1/leagues/" + l.name() + "/members");
  }

  private static String newUid() {
    return Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
  }
}
