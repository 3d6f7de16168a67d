package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.LeagueMovePages;
import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.archive.LeagueMoveStore.PeriodMoves;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.LeagueMoves.Move;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.result.LeagueClosed.Counts;
import dev.leaderboard.service.result.LeagueCohort;
import dev.leaderboard.service.result.LeagueMovePage;
import dev.leaderboard.service.result.LeaguePeriods;
import dev.leaderboard.service.result.LeagueTiers;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a league looks like from outside: its tiers' members and cohorts in a period, a cohort's
 * board with each member's zone, and the closed periods with their recorded moves. Everything is
 * read from the tier boards' participation (an archived period's as at its close) and from the
 * moves the close recorded; nothing here writes.
 */
public record LeagueReads(Leagues leagues, LeagueStore store, LeagueMoveStore moves, BoardRegistry boards,
    Participation participation, Clock clock) {
  private static final List<String> MOVEMENTS = List.of(LeagueMoves.UP, LeagueMoves.DOWN, LeagueMoves.STAY,
      LeagueMoves.DROPPED);

  /** Per tier, lowest first, the members seated in it in the period ({@code null}: the current one) and their cohorts. */
  public Future<LeagueTiers> tiers(String name, String period) {
    return leagues.get(name).compose(l -> {
      List<Future<Board>> each = l.tiers().stream().map(t -> boards.require(l.tierBoard(t))).toList();
      return Future.all(each).compose(all -> {
        Period p = Requests.period(all.resultAt(0), period, clock);
        List<Future<ParticipationStore.Counts>> counts = each.stream()
            .map(b -> participation.counts(b.result(), p)).toList();
        return Future.all(counts).map(done -> {
          List<LeagueTiers.Tier> tiers = new ArrayList<>();
          for (int i = 0; i < counts.size(); i++) {
            ParticipationStore.Counts c = done.resultAt(i);
            tiers.add(new LeagueTiers.Tier(l.tiers().get(i), c.participants(), c.cohorts()));
          }
          return LeagueTiers.of(l.name(), p.id(), tiers);
        });
      });
    });
  }

  /**
   * A cohort of the tier in the period: its board in the tier board's unique order and each member's
   * zone, as the member's standing gives it (an archived period's as at its close).
   */
  public Future<LeagueCohort> cohort(String name, String tier, Long cohort, String period) {
    Names.board("league", name);
    Names.board("tier", tier);
    if (cohort == null || cohort < 1 || cohort > Fields.MAX_EXACT / ParticipationStore.PLACES) {
      throw Refusal.invalid("cohort", "must be a cohort ID, a whole number from 1 (got " + cohort + ")");
    }
    return leagues.get(name).compose(l -> {
      if (l.level(tier) < 0) {
        throw Refusal.TIER_NOT_FOUND.exception(l.name(), tier, l.tiers());
      }
      return boards.require(l.tierBoard(tier)).compose(b -> {
        Period p = Requests.period(b, period, clock);
        return participation.cohortBoard(b, p, cohort, RankMode.UNIQUE, true)
            .recover(t -> Future.failedFuture(t instanceof LeaderboardException le
                && le.refusal() == Refusal.COHORT_NOT_FOUND
                ? Refusal.COHORT_NOT_FOUND.exception(p.id(), "tier '" + tier + "' of league '" + l.name() + "'", cohort)
                : t))
            .map(c -> {
              Map<String, Move> zones = LeagueStandings.zone(l, tier, c.cohort(), LeagueStandings.seats(c));
              List<LeagueCohort.Ranked> entries = c.entries().stream()
                  .map(e -> new LeagueCohort.Ranked(e, zone(zones.get(e.userId())))).toList();
              List<LeagueCohort.Missing> missing = c.missing().stream()
                  .map(u -> new LeagueCohort.Missing(u, zone(zones.get(u)))).toList();
              return LeagueCohort.of(l.name(), tier, p.id(), c.cohort(), c.size(), entries, missing, c.partial());
            });
      });
    });
  }

  /** Where a move would take a member, as a zone of the cohort. */
  static String zone(Move move) {
    if (move == null) {
      return null;
    }
    return switch (move.movement()) {
      case LeagueMoves.UP -> "promotion";
      case LeagueMoves.STAY -> "stay";
      default -> "relegation";
    };
  }

  /** The closed periods, newest first (at most {@code limit}), each with its recorded moves counted by movement. */
  public Future<LeaguePeriods> periods(String name, Integer limit) {
    int lim = Requests.limit(limit, Limits.DEFAULT_PAGE);
    return leagues.get(name).compose(l -> Future.all(moves.periods(l.uid(), lim), store.appliedPeriods(l)).map(all -> {
      Map<String, Map<String, Long>> closed = new TreeMap<>(Comparator.reverseOrder());
      // a close that recorded no moves (no members) is closed all the same: its period is applied
      all.<List<String>>resultAt(1).forEach(p -> closed.put(p, Map.of()));
      all.<List<PeriodMoves>>resultAt(0).forEach(m -> closed.put(m.period(), m.movements()));
      return LeaguePeriods.of(l.name(), closed.entrySet().stream().limit(lim).map(e -> new LeaguePeriods.Item(
          e.getKey(), e.getValue().values().stream().mapToLong(Long::longValue).sum(), Counts.of(e.getValue())))
          .toList());
    }));
  }

  /**
   * A page of a closed period's recorded moves ({@code movement} null: every one), by the tier they
   * moved from, lowest first, then cohort and rank in it; 404 {@code period_not_found} for a period
   * the league has not closed.
   */
  public Future<LeagueMovePage> moves(String name, String period, String movement, Long offset, Integer limit,
      String after) {
    Names.board("league", name);
    if (movement != null && !MOVEMENTS.contains(movement)) {
      throw Refusal.invalid("movement", "must be one of " + String.join(", ", MOVEMENTS) + " (got '"
          + (movement.length() > 40 ? movement.substring(0, 40) + "..." : movement) + "')");
    }
    if (after != null && offset != null) {
      throw Refusal.invalid("after", "cannot be given with offset: a page starts at one of them");
    }
    long off = Requests.offset(offset);
    int lim = Requests.limit(limit, Limits.DEFAULT_PAGE);
    return leagues.get(name).compose(l -> boards.require(l.tierBoard(l.lowest())).compose(b -> {
      Period p = Requests.period(b, period, clock);
      LeagueMovePages.After key = after == null ? null : MoveKeys.read(after, l.tiers());
      return Future.all(moves.counts(l.uid(), p.id()), store.applied(l, p.id())).compose(all -> {
        PeriodMoves recorded = all.resultAt(0);
        if (recorded.movements().isEmpty() && !all.<Boolean>resultAt(1)) {
          throw Refusal.PERIOD_NOT_FOUND.exception(l.name(), p.id());
        }
        long total = movement == null ? recorded.total() : recorded.movements().getOrDefault(movement, 0L);
        // a page by key (or the first one) walks the index from its key; one deeper by offset sorts the period
        Future<List<LeagueMoveStore.Move>> page = off > 0 ? moves.pages().page(l.uid(), p.id(), l.tiers(), movement, off, lim)
            : moves.pages().page(l.uid(), p.id(), l.tiers(), movement, key, lim);
        return page.map(found -> LeagueMovePage.of(l.name(), p.id(), movement, total, after == null ? off : null,
            lim, Counts.of(recorded.movements()), found, found.size() < lim ? null
                : MoveKeys.of(LeagueMovePages.After.of(found.get(found.size() - 1), l.tiers()))));
      });
    }));
  }

}
