package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.LeagueMoves.Cohort;
import dev.leaderboard.core.LeagueMoves.Move;
import dev.leaderboard.core.LeagueMoves.Seat;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.participation.CohortOrder;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.result.CohortBoard;
import dev.leaderboard.service.result.LeagueStanding;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.CompositeFuture;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A league member's standing: the tier they compete in, their cohort, rank in it and the zone they
 * stand in (how the cohort would move if the period closed now), as a member's read answers it and
 * as a league score's answer carries it.
 */
public record LeagueStandings(LeagueStore store, BoardRegistry boards, Participation participation, Clock clock) {
  /**
   * The member's standing in a period ({@code null}: the current one): the tier they compete in
   * there (the tier board that seated them, their current tier's looked at first, else their current
   * tier), their cohort's entries, rank and
   * zone; each entry's rank on the whole tier board only with {@code globalRanks} (it counts over the
   * whole board for every member: the cohort's board), else read from the cohort's own entries.
   */
  public Future<LeagueStanding> user(String name, String userId, String period, boolean globalRanks) {
    Names.board("league", name);
    Names.id("userId", userId);
    // the league's definition and the member's tier in one round
    return store.membership(name, userId).compose(m -> {
      if (m == null) {
        throw Refusal.LEAGUE_NOT_FOUND.exception(name);
      }
      League l = m.league();
      String current = m.tier();
      List<Future<Board>> tiers = l.tiers().stream().map(t -> boards.require(l.tierBoard(t))).toList();
      return Future.all(tiers).compose(all -> {
        Period p = Requests.period(all.<Board>resultAt(0), period, clock);
        // the member's current tier first: where a member who scored in the period is seated, but after a move
        int own = current == null ? -1 : l.level(current);
        if (own >= 0 && !globalRanks) {
          // the seat and the cohort's members in one round
          Board b = all.resultAt(own);
          return participation.cohortOrderOf(b, p, userId, RankMode.UNIQUE).compose(o -> o != null
              ? Future.succeededFuture(standingOf(l, l.tiers().get(own), b, p, userId, o, true))
              : inOtherTiers(l, all, own, p, userId, current, false));
        }
        Future<Long> seat = own < 0 ? Future.succeededFuture(0L) : cohortOf(all.resultAt(own), p, userId);
        return seat.compose(cohort -> cohort > 0 ? standing(l, own, all.resultAt(own), p, userId, cohort, globalRanks)
            : inOtherTiers(l, all, own, p, userId, current, globalRanks));
      });
    });
  }

  /**
   * The standing of a member not seated in the tier at {@code own} (their current tier's level, or -1):
   * in the tier board that seated them in the period, else in their current tier without a cohort.
   */
  private Future<LeagueStanding> inOtherTiers(League l, CompositeFuture all, int own, Period p, String userId,
      String current, boolean globalRanks) {
    List<Future<Long>> seats = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      seats.add(i == own ? Future.succeededFuture(0L) : cohortOf(all.resultAt(i), p, userId));
    }
    return Future.all(seats).compose(found -> {
      for (int i = 0; i < all.size(); i++) {
        if (found.<Long>resultAt(i) > 0) {
          return standing(l, i, all.resultAt(i), p, userId, found.resultAt(i), globalRanks);
        }
      }
      if (current == null) {
        throw Leagues.notMember(l, userId);
      }
      return Future.succeededFuture(LeagueStanding.of(l.name(), userId, p.id(), current, null, null, null,
          List.of()));
    });
  }

  /** The user's cohort on the tier board in the period, 0 when not seated. */
  private Future<Long> cohortOf(Board b, Period p, String userId) {
    return participation.participant(b, p, userId).map(s -> s == null ? 0L : s.cohort());
  }

  private Future<LeagueStanding> standing(League l, int level, Board b, Period p, String userId, long cohort,
      boolean globalRanks) {
    String tier = l.tiers().get(level);
    return globalRanks ? cohortBoard(l, tier, b, p, userId, cohort) : placeIn(l, tier, b, p, userId, cohort, true);
  }

  /** The seated member's standing with their cohort's board (each member's rank on the whole tier board too). */
  private Future<LeagueStanding> cohortBoard(League l, String tier, Board b, Period p, String userId, long cohort) {
    return participation.cohortBoard(b, p, cohort, RankMode.UNIQUE, false).map(c -> LeagueStanding.of(l.name(),
        userId, p.id(), tier, c.cohort(), c.rankOf(userId), LeagueReads.zone(zone(l, tier, c.cohort(), seats(c))
            .get(userId)), c.entries()));
  }

  /**
   * A score's answer: the member's tier, cohort, rank in it and zone, without the cohort's board
   * ({@link #placeIn}).
   */
  Future<LeagueStanding> place(League l, String tier, Board b, Period p, String userId) {
    return participation.cohortOrderOf(b, p, userId, RankMode.UNIQUE).map(o -> o == null
        ? LeagueStanding.of(l.name(), userId, p.id(), tier, null, null, null, null)
        : standingOf(l, tier, b, p, userId, o, false));
  }

  /**
   * The seated member's tier, cohort, rank in it and zone, read from the cohort's own entries
   * ({@link Participation#cohortOrder}) without a count over the whole board; {@code withEntries}:
   * with those entries, each without its rank on the whole board ({@code globalRank} null).
   */
  private Future<LeagueStanding> placeIn(League l, String tier, Board b, Period p, String userId, long cohort,
      boolean withEntries) {
    return participation.cohortOrder(b, p, cohort, RankMode.UNIQUE).map(o -> standingOf(l, tier, b, p, userId, o,
        withEntries));
  }

  private static LeagueStanding standingOf(League l, String tier, Board b, Period p, String userId, CohortOrder o,
      boolean withEntries) {
    return LeagueStanding.of(l.name(), userId, p.id(), tier, o.cohort(), o.rankOf(userId),
        LeagueReads.zone(zone(l, tier, o).get(userId)), withEntries ? o.members(b, p) : null);
  }

  /** A cohort board's members as seats: its entries in order, then its members without a score. */
  static List<Seat> seats(CohortBoard c) {
    List<Seat> seats = new ArrayList<>();
    c.entries().forEach(e -> seats.add(new Seat(e.userId(), e.score())));
    c.missing().forEach(m -> seats.add(new Seat(m, null)));
    return seats;
  }

  /** How the cohort would move if its period closed now. */
  static Map<String, Move> zone(League l, String tier, CohortOrder o) {
    List<Seat> seats = new ArrayList<>();
    o.ranked().forEach(r -> seats.add(new Seat(r.userId(), r.score())));
    o.missing().forEach(m -> seats.add(new Seat(m, null)));
    return zone(l, tier, o.cohort(), seats);
  }

  /** How a cohort whose members are {@code seats} (ranked ones in order, then those without a score) would move. */
  static Map<String, Move> zone(League l, String tier, long cohort, List<Seat> seats) {
    Map<String, String> members = new LinkedHashMap<>();
    seats.forEach(s -> members.put(s.userId(), tier));
    Map<String, Move> out = new LinkedHashMap<>();
    for (Move m : LeagueMoves.of(l, members, List.of(new Cohort(tier, cohort, seats)))) {
      out.put(m.userId(), m);
    }
    return out;
  }

}
