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
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.intake.RankHints;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.service.reads.ReadSources;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A league period's close: each tier board's period is closed and archived like any board's (under
 * its close lease), then the moves are computed from the archive, recorded in PostgreSQL once
 * ({@link LeagueMoveStore}: a run after a failure reads back what the first recorded) and applied
 * to the members' tiers, which is marked per period so a finished close is not applied twice.
 */
public final class LeagueCloser {
  /** Published once per league period, by the node whose apply marked it, with {@link #event}. */
  public static final String CLOSED_ADDRESS = "leaderboard.league.closed";
  static final int EVENT_MOVES = 1000;
  private static final Logger LOG = LoggerFactory.getLogger(LeagueCloser.class);
  private final LeagueStore store;
  private final LeagueMoveStore moves;
  private final ParticipantArchive participants;
  private final BoardRegistry boards;
  private final PeriodAdmin periods;
  private final Participation participation;

  private final Vertx vertx;

  public LeagueCloser(Vertx vertx, LeagueStore store, LeagueMoveStore moves, ParticipantArchive participants,
      BoardRegistry boards, PeriodAdmin periods, Participation participation) {
    this.vertx = vertx;
    this.store = store;
    this.moves = moves;
    this.participants = participants;
    this.boards = boards;
    this.periods = periods;
    this.participation = participation;
  }

  /** A closer over the node's store, for the admin tick. */
  public static LeagueCloser of(Vertx vertx, NodeStore node, PeriodCloser periodCloser, Clock clock) {
    ReadSources sources = new ReadSources(node.boards(), node.scores(), node.archive(), new RankHints());
    Participation participation = new Participation(node.boards(), node.bans(), new ParticipationStore(node.shards()),
        node.archive().participants(), sources, clock);
    PeriodAdmin periods = new PeriodAdmin(node.boards(), node.boardStore(), new PeriodStore(node.shards()),
        node.archive(), periodCloser, clock);
    return new LeagueCloser(vertx, new LeagueStore(node.shards()), node.archive().leagueMoves(), node.archive().participants(),
        node.boards(), periods, participation);
  }

  /**
   * The admin tick: closes each league's previous period once it is past its close (the tier
   * boards' rule) and its moves are not applied yet. A period that ended before the league was
   * created has nothing to close; only the previous period is looked at.
   */
  public Future<Void> closeDue(long nowMillis) {
    return store.loadAll().compose(leagues -> {
      Future<Void> chain = Future.succeededFuture();
      for (League l : leagues) {
        chain = chain.compose(v -> closeDue(l, nowMillis).recover(t -> {
          LOG.info("period of league {} not closed on this node: {}", l.name(), t.getMessage());
          return Future.succeededFuture();
        }));
      }
      return chain;
    });
  }

  private Future<Void> closeDue(League l, long nowMillis) {
    return boards.require(l.tierBoard(l.lowest())).compose(b -> {
      Period previous = b.calendar().previous(b.periodOf(Instant.ofEpochMilli(nowMillis)));
      if (!b.isPastClose(previous, nowMillis) || previous.end().toEpochMilli() <= l.createdAt()) {
        return Future.succeededFuture();
      }
      return store.applied(l, previous.id()).compose(done -> done ? Future.succeededFuture()
          : close(l, previous).mapEmpty());
    });
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
            return store.apply(l, p.id(), to).map(marked -> {
              if (marked) {
                vertx.eventBus().publish(CLOSED_ADDRESS, event(l, p, recorded));
              }
              return recorded;
            });
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

  /**
   * The event of a league period's moves: counts per movement and the first {@link #EVENT_MOVES}
   * moves by user ID (a league may hold millions of members; the rest are read from the history).
   */
  static JsonObject event(League l, Period p, List<Move> moves) {
    JsonObject counts = new JsonObject().put(LeagueMoves.UP, 0).put(LeagueMoves.DOWN, 0).put(LeagueMoves.STAY, 0)
        .put(LeagueMoves.DROPPED, 0);
    JsonArray shown = new JsonArray();
    for (Move m : moves) {
      counts.put(m.movement(), counts.getInteger(m.movement()) + 1);
      if (shown.size() < EVENT_MOVES) {
        shown.add(new JsonObject().put("userId", m.userId()).put("from", m.from()).put("to", m.to())
            .put("cohortRank", m.cohortRank()).put("movement", m.movement()));
      }
    }
    return new JsonObject().put("league", l.name()).put("period", p.id()).put("start", p.start().toString())
        .put("end", p.end().toString()).put("total", moves.size()).put("counts", counts).put("moves", shown);
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
