package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.ArchivedParticipant;
import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.archive.ParticipantArchive;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.LeagueMoves.Cohort;
import dev.leaderboard.core.LeagueMoves.Seat;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.participation.Participation;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A league period's close: each tier board's period is closed and archived like any board's (under
 * its close lease), then the moves are computed from the archive, recorded in PostgreSQL once
 * ({@link LeagueMoveStore}: a run after a failure reads back what the first recorded) and applied
 * to the members' tiers, which is marked per period so a finished close is not applied twice.
 */
public final class LeagueCloser {
  private final LeagueStore store;
  private final LeagueMoveStore moves;
  private final ParticipantArchive participants;
  private final BoardRegistry boards;
  private final PeriodAdmin periods;
  private final Participation participation;

  public LeagueCloser(LeagueStore store, LeagueMoveStore moves, ParticipantArchive participants, BoardRegistry boards,
      PeriodAdmin periods, Participation participation) {
    this.store = store;
    this.moves = moves;
    this.participants = participants;
    this.boards = boards;
    this.periods = periods;
    this.participation = participation;
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
    return tiers(l).compose(tiers -> {
      Map<String, String> uids = new LinkedHashMap<>();
      for (int i = 0; i < tiers.size(); i++) {
        uids.put(l.tiers().get(i), tiers.get(i).uid());
      }
      return moves.member(l.uid(), userId, limit, uids);
    });
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

  /** The moves from the archived cohorts of every tier and the members' tiers now. */
  private Future<List<Move>> compute(League l, List<Board> tiers, Period p) {
    List<Future<List<Cohort>>> each = new ArrayList<>();
    for (int i = 0; i < tiers.size(); i++) {
      each.add(cohorts(l.tiers().get(i), tiers.get(i), p));
    }
    return Future.all(each).compose(all -> store.members(l).map(members -> {
      List<Cohort> cohorts = new ArrayList<>();
      for (int i = 0; i < each.size(); i++) {
        cohorts.addAll(all.<List<Cohort>>resultAt(i));
      }
      return LeagueMoves.of(l, members, cohorts).stream().map(m -> new Move(m.userId(), m.from(), m.to(), m.cohort(),
          m.cohortRank(), m.score(), m.movement())).toList();
    }));
  }

  /** The tier's archived cohorts, each ranked by the board's unique order, members without a score last. */
  private Future<List<Cohort>> cohorts(String tier, Board b, Period p) {
    return participants.page(b.uid(), p.id(), 0, Integer.MAX_VALUE).compose(seated -> {
      List<Long> ids = seated.stream().map(ArchivedParticipant::cohort).filter(c -> c > 0).distinct().toList();
      Future<List<Cohort>> out = Future.succeededFuture(new ArrayList<>());
      for (long id : ids) {
        out = out.compose(list -> participation.cohortBoard(b, p, id, RankMode.UNIQUE, false).map(c -> {
          List<Seat> seats = new ArrayList<>();
          JsonArray entries = c.toJson().getJsonArray("entries");
          for (int i = 0; i < entries.size(); i++) {
            JsonObject e = entries.getJsonObject(i);
            seats.add(new Seat(e.getString("userId"), e.getLong("score")));
          }
          c.toJson().getJsonArray("missing").forEach(u -> seats.add(new Seat((String) u, null)));
          list.add(new Cohort(tier, id, seats));
          return list;
        }));
      }
      return out;
    });
  }
}
