package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.archive.ParticipantArchive;
import dev.leaderboard.archive.ParticipantArchive.Seated;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.LeagueMoves.Cohort;
import dev.leaderboard.core.LeagueMoves.Seat;
import dev.leaderboard.core.Period;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A league period's close: each tier board's period is closed and archived like any board's (under
 * its close lease), then the moves are computed from the archive, recorded in PostgreSQL once
 * ({@link LeagueMoveStore}: a run after a failure reads back what the first recorded) and applied
 * to the members' tiers, which is marked per period so a finished close is not applied twice.
 */
public final class LeagueCloser {
  /** Seats per read of the archive (whole cohorts): a few pages for a tier of any size, each page's work short. */
  private static final int PAGE = 20_000;
  /** Entries by their unique position; the members without one after them, in the order they come. */
  private static final Comparator<Seated> BY_ENTRY = Comparator.comparing(Seated::position,
      Comparator.nullsLast(Comparator.naturalOrder()));
  private final LeagueStore store;
  private final LeagueMoveStore moves;
  private final ParticipantArchive participants;
  private final BoardRegistry boards;
  private final PeriodAdmin periods;

  public LeagueCloser(LeagueStore store, LeagueMoveStore moves, ParticipantArchive participants, BoardRegistry boards,
      PeriodAdmin periods) {
    this.store = store;
    this.moves = moves;
    this.participants = participants;
    this.boards = boards;
    this.periods = periods;
  }

  /** Closes the period of every tier, then records and applies the moves; answers them. */
  public Future<List<Move>> close(League l, Period p) {
    return tiers(l).compose(tiers -> {
      Future<?> closed = Future.succeededFuture();
      for (Board b : tiers) {
        closed = closed.compose(v -> periods.close(b, p));
      }
      return closed.compose(v -> moves.period(l.uid(), p.id()))
          .compose(recorded -> !recorded.isEmpty() ? Future.succeededFuture(recorded)
              : compute(l, tiers, p).compose(computed -> moves.record(l.uid(), l.name(), p.id(), computed))
                  .compose(v -> moves.period(l.uid(), p.id())))
          .compose(recorded -> store.applied(l, p.id()).compose(done -> {
            if (done) {
              return Future.succeededFuture(recorded);
            }
            Map<String, String> to = new LinkedHashMap<>();
            recorded.forEach(m -> to.put(m.userId(), m.to()));
            return store.apply(l, p.id(), to).map(recorded);
          }));
    });
  }

  /** The member's recorded moves, newest period first. */
  public Future<List<LeagueMoveStore.Step>> history(League l, String userId, int limit) {
    return moves.member(l.uid(), userId, limit);
  }

  /** Removes every recorded move of a deleted league. */
  public Future<Void> forget(League l) {
    return moves.delete(l.uid());
  }

  private Future<List<Board>> tiers(League l) {
    List<Future<Board>> each = l.tiers().stream().map(t -> boards.require(l.tierBoard(t))).toList();
    return Future.all(each).map(all -> {
      List<Board> out = new ArrayList<>();
      for (int i = 0; i < each.size(); i++) {
        out.add(all.resultAt(i));
      }
      return out;
    });
  }

  /**
   * The moves from the archived cohorts of every tier and the members' tiers now: each tier's
   * seats read with their entries in pages of whole cohorts ({@link ParticipantArchive#seated}), each
   * page turned into moves before the next is read, the tiers one after the other.
   */
  private Future<List<Move>> compute(League l, List<Board> tiers, Period p) {
    return store.members(l).compose(members -> {
      Set<String> seated = new HashSet<>();
      List<Move> out = new ArrayList<>(members.size());
      Future<Void> read = Future.succeededFuture();
      for (int i = 0; i < tiers.size(); i++) {
        Cohorts tier = new Cohorts(l, l.tiers().get(i), tiers.get(i), p, members, seated, out);
        read = read.compose(v -> tier.from(0));
      }
      return read.map(v -> {
        LeagueMoves.unseated(l, members, seated).forEach(m -> out.add(recorded(m)));
        return out;
      });
    });
  }

  private static Move recorded(LeagueMoves.Move m) {
    return new Move(m.userId(), m.from(), m.to(), m.cohort(), m.cohortRank(), m.score(), m.movement());
  }

  /** One tier's archived cohorts read page by page into moves. */
  private final class Cohorts {
    private final League l;
    private final String tier;
    private final Board b;
    private final Period p;
    private final Map<String, String> members;
    private final Set<String> seated;
    private final List<Move> out;

    Cohorts(League l, String tier, Board b, Period p, Map<String, String> members, Set<String> seated,
        List<Move> out) {
      this.l = l;
      this.tier = tier;
      this.b = b;
      this.p = p;
      this.members = members;
      this.seated = seated;
      this.out = out;
    }

    /** Reads the cohorts after {@code after}, a page of whole cohorts at a time. */
    Future<Void> from(long after) {
      int cohorts = Math.max(1, PAGE / l.cohortSize());
      return participants.seated(b.uid(), p.id(), after, cohorts).compose(page -> {
        int read = 0;
        int start = 0;
        for (int i = 1; i <= page.size(); i++) {
          if (i == page.size() || page.get(i).cohort() != page.get(start).cohort()) {
            moves(page.subList(start, i));
            read++;
            start = i;
          }
        }
        return read < cohorts ? Future.succeededFuture() : from(page.get(page.size() - 1).cohort());
      });
    }

    /** One whole cohort's moves: members with an entry in the board's unique order, then the others in join order. */
    private void moves(List<Seated> cohort) {
      List<Seated> ranked = new ArrayList<>(cohort);
      ranked.sort(BY_ENTRY);
      List<Seat> seats = new ArrayList<>(ranked.size());
      ranked.forEach(s -> seats.add(new Seat(s.userId(), s.score())));
      LeagueMoves.cohort(l, members, new Cohort(tier, cohort.get(0).cohort(), seats), seated)
          .forEach(m -> out.add(recorded(m)));
    }
  }
}
