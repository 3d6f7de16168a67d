package dev.leaderboard.service.leagues;

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
import dev.leaderboard.service.reads.CohortRanking;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A league period's moves, computed from the archive only (the tier boards' archived participants
 * and entries) and the members' current tiers, with {@link LeagueMoves}: what
 * {@link LeagueCloser} records once.
 */
record ArchivedMoves(LeagueStore store, ParticipantArchive participants) {
  /** Seats per read of the archive (whole cohorts): a few pages for a tier of any size, each page's work short. */
  private static final int PAGE = 20_000;
  /**
   * The moves from the archived cohorts of every tier and the members' tiers now: each tier's
   * seats read with their entries in pages of whole cohorts ({@link ParticipantArchive#seated}), each
   * page turned into moves before the next is read, the tiers one after the other.
   */
  Future<List<Move>> of(League l, List<Board> tiers, Period p) {
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
      List<Seat> seats = new ArrayList<>(cohort.size());
      CohortRanking.of(RankMode.UNIQUE, cohort, Seated::position, Seated::score)
          .forEach(place -> seats.add(new Seat(place.member().userId(), place.member().score())));
      LeagueMoves.cohort(l, members, new Cohort(tier, cohort.get(0).cohort(), seats), seated)
          .forEach(m -> out.add(recorded(m)));
    }
  }
}
