package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.archive.ParticipantArchive;
import dev.leaderboard.archive.ParticipantArchive.Seated;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.LeagueMoves.Cohort;
import dev.leaderboard.core.LeagueMoves.Seat;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.periods.FrozenRows;
import dev.leaderboard.service.reads.CohortRanking;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.participation.ParticipationStore.Participant;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import dev.leaderboard.service.result.LeagueClosed;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.PriorityQueue;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A league period's moves, computed with {@link LeagueMoves} from each tier's seats and final entries
 * and the members' current tiers: what {@link LeagueCloser} records once. Each tier is read as soon as
 * its period is closed, into moves of its own, while other tiers are still being archived. A tier's seats and entries
 * are its frozen period's join order and final ranking, as its archive read them from Redis and handed
 * them over ({@link FrozenRows}); when an earlier run archived the tier, they are read from Redis again,
 * where the closed period is still held. A tier whose keys are gone or no longer match its
 * archive (a close run again after they were dropped) is read from the archive instead, in pages of whole
 * cohorts. Either way each cohort is ranked by the one cohort ranking ({@link CohortRanking}).
 */
record CloseMoves(LeagueStore store, BoardStore boards, ParticipationStore participants, PeriodStore periods,
    ParticipantArchive archived) {
  /** Seats per read of the archive (whole cohorts): a few pages for a tier of any size, each page's work short. */
  private static final int PAGE = 20_000;

  /** The members' tiers now, read once for a close: who is a member, and where the unseated stay. */
  Future<Map<String, String>> members(League l) {
    return store.members(l);
  }

  /** One tier's moves. */
  record TierMoves(List<Move> moves) {
  }

  /**
   * The moves of the cohorts of tier {@code level}, whose period is closed: {@code closed} its
   * archived period (its size tells whether Redis still holds it whole), {@code read} the rows its
   * archive read from Redis when this close wrote it ({@code null}: read them here); each member it
   * moves is added to {@code seated}, which the close's tiers share.
   */
  Future<TierMoves> tier(League l, int level, Board b, Period p, Map<String, String> members, Set<String> seated,
      ArchivedPeriod closed, FrozenRows read) {
    TierMoves out = new TierMoves(new ArrayList<>());
    Cohorts cohorts = new Cohorts(l, l.tiers().get(level), b, p, members, seated, out.moves());
    return (read != null ? cohorts.of(read, closed.size()) : cohorts.live(closed.size())).map(out);
  }

  /** A set for the members the close's tiers seat, sized for all of them. */
  static Set<String> seated(Map<String, String> members) {
    return new HashSet<>(members.size() * 4 / 3 + 1);
  }

  /** Every tier's moves, then those of the members seated in no tier ({@code seated}: those the tiers seated). */
  static List<Move> all(League l, Map<String, String> members, Set<String> seated, List<TierMoves> tiers) {
    List<Move> out = new ArrayList<>(members.size());
    for (TierMoves t : tiers) {
      out.addAll(t.moves());
    }
    LeagueMoves.unseated(l, members, seated).forEach(m -> out.add(recorded(m)));
    return out;
  }

  /**
   * The moves with the first {@link LeagueClosed#MOVES} by user ID in front, in order, as the close
   * answers them (the rest as they were): a bounded heap, not a sort of a million moves on the event loop.
   */
  static List<Move> byUser(List<Move> moves) {
    Comparator<Move> order = Comparator.comparing(Move::userId);
    PriorityQueue<Move> first = new PriorityQueue<>(order.reversed());
    for (Move m : moves) {
      if (first.size() < LeagueClosed.MOVES) {
        first.add(m);
      } else if (order.compare(m, first.peek()) < 0) {
        first.poll();
        first.add(m);
      }
    }
    List<Move> out = new ArrayList<>(first);
    out.sort(order);
    Set<Move> front = Collections.newSetFromMap(new IdentityHashMap<>());
    front.addAll(out);
    moves.stream().filter(m -> !front.contains(m)).forEach(out::add);
    return out;
  }

  private static Move recorded(LeagueMoves.Move m) {
    return new Move(m.userId(), m.from(), m.to(), m.cohort(), m.cohortRank(), m.score(), m.movement());
  }

  /** One tier's cohorts turned into moves. */
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

    /**
     * From Redis: the join order and the final ranking, each entry's position its place in the ranking;
     * from the archive when the period's keys are gone (no longer among the board's hot periods) or
     * its ranking is not the {@code archivedSize} entries archived.
     */
    Future<Void> live(long archivedSize) {
      return boards.periods(b).compose(hot -> !hot.contains(p.id()) ? archived(0)
          : Future.all(participants.all(b, p.id()), periods.ranking(b, p.id()))
              .compose(read -> of(FrozenRows.of(read.resultAt(0), read.resultAt(1)), archivedSize)));
    }

    /** From the join order and final ranking the tier's archive read (or the archive, when they do not match it). */
    Future<Void> of(FrozenRows read, long archivedSize) {
      List<Participant> joined = read.joined();
      List<StoredEntry> ranking = read.ranking();
      if (ranking.size() != archivedSize) {
        return archived(0);
      }
      int[] entryOf = read.entryOf();
      Map<Long, List<Seated>> cohorts = new LinkedHashMap<>();
      // a cohort's seats mostly join one after another: the map is asked once a run of them
      List<Seated> run = null;
      for (int k = 0; k < joined.size(); k++) {
        Participant seat = joined.get(k);
        if (seat.cohort() > 0) {
          if (run == null || run.get(0).cohort() != seat.cohort()) {
            run = cohorts.computeIfAbsent(seat.cohort(), c -> new ArrayList<>());
          }
          int at = entryOf[k];
          run.add(new Seated(seat.cohort(), k, seat.userId(), at < 0 ? null : (long) at,
              at < 0 ? null : Entries.score(b, ranking.get(at))));
        }
      }
      return inTurns(new ArrayList<>(cohorts.values()), 0);
    }

    /**
     * The cohorts' moves from {@code from} on, a page's worth ({@link #PAGE} seats) a turn of the
     * event loop: a tier of any size never holds the loop for long.
     */
    private Future<Void> inTurns(List<List<Seated>> cohorts, int from) {
      int to = Math.min(cohorts.size(), from + Math.max(1, PAGE / l.cohortSize()));
      for (int i = from; i < to; i++) {
        moves(cohorts.get(i));
      }
      Context context = Vertx.currentContext();
      if (to == cohorts.size()) {
        return Future.succeededFuture();
      }
      if (context == null) {
        return inTurns(cohorts, to);
      }
      Promise<Void> next = Promise.promise();
      context.runOnContext(v -> inTurns(cohorts, to).onComplete(next));
      return next.future();
    }

    /** From the archive: the cohorts after {@code after}, a page of whole cohorts at a time. */
    Future<Void> archived(long after) {
      int cohorts = Math.max(1, PAGE / l.cohortSize());
      return archived.seated(b.uid(), p.id(), after, cohorts).compose(page -> {
        int read = 0;
        int start = 0;
        for (int i = 1; i <= page.size(); i++) {
          if (i == page.size() || page.get(i).cohort() != page.get(start).cohort()) {
            moves(page.subList(start, i));
            read++;
            start = i;
          }
        }
        return read < cohorts ? Future.succeededFuture() : archived(page.get(page.size() - 1).cohort());
      });
    }

    /** One whole cohort's moves: members with an entry in the board's unique order, then the others in join order. */
    private void moves(List<Seated> cohort) {
      List<Seat> seats = new ArrayList<>(cohort.size());
      CohortRanking.of(RankMode.UNIQUE, cohort, Seated::position, Seated::score)
          .forEach(place -> seats.add(new Seat(place.member().userId(), place.member().score())));
      LeagueMoves.cohort(l, members, new Cohort(tier, cohort.get(0).cohort(), seats), seated)
          .forEach(m -> out.add(recorded(m)));
    }
  }
}
