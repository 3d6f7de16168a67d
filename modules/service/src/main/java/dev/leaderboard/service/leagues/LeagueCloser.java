package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.archive.ParticipantArchive;
import dev.leaderboard.archive.ParticipantArchive.Seated;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.League;
import dev.leaderboard.core.LeagueMoves;
import dev.leaderboard.core.LeagueMoves.Cohort;
import dev.leaderboard.core.LeagueMoves.Seat;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.NodeStore;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.periods.CloseLease;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.service.periods.PeriodArchivedEvent;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A league period's close, run by one node at a time under the period's league lease:
 * <ol>
 *   <li>each tier board's period is closed and archived like any board's (under its own close lease);</li>
 *   <li>the moves are computed from the archive and recorded in PostgreSQL once
 *       ({@link LeagueMoveStore}: a run after a failure reads back what the first recorded);</li>
 *   <li>each tier board with a webhook gets its pending delivery (its event carries the moves);</li>
 *   <li>the moves are applied to the members' tiers, and the period marked applied;</li>
 *   <li>the node that marked it publishes each tier board's {@link PeriodArchivedEvent}.</li>
 * </ol>
 * Every step can run again after a crash with the same result, so a node that takes over from a
 * dead one (once its lease lapses) moves each member once. A store that fails fails the close
 * before any member moves; the admin tick tries again.
 */
public final class LeagueCloser {
  private static final Logger LOG = LoggerFactory.getLogger(LeagueCloser.class);
  private final Vertx vertx;
  /** Seats per read of the archive (whole cohorts): a few pages for a tier of any size, each page's work short. */
  private static final int PAGE = 20_000;
  /** Entries by their unique position; the members without one after them, in the order they come. */
  private static final Comparator<Seated> BY_ENTRY = Comparator.comparing(Seated::position,
      Comparator.nullsLast(Comparator.naturalOrder()));
  private final LeagueStore store;
  private final LeagueMoveStore moves;
  private final ParticipantArchive participants;
  private final ArchiveStore archive;
  private final DeliveryStore deliveries;
  private final PeriodStore periodStore;
  private final BoardRegistry boards;
  private final PeriodAdmin periods;
  private final String owner = UUID.randomUUID().toString();
  private final long leaseMillis;

  private LeagueCloser(Vertx vertx, NodeStore node, PeriodAdmin periods, long leaseMillis) {
    this.vertx = vertx;
    this.store = new LeagueStore(node.shards());
    this.archive = node.archive();
    this.moves = archive.leagueMoves();
    this.participants = archive.participants();
    this.deliveries = new DeliveryStore(node.shards());
    this.periodStore = new PeriodStore(node.shards());
    this.boards = node.boards();
    this.periods = periods;
    this.leaseMillis = leaseMillis;
  }

  /** A closer over the node's store whose tier periods close through {@code periods}. */
  public static LeagueCloser of(Vertx vertx, NodeStore node, PeriodAdmin periods, long leaseMillis) {
    return new LeagueCloser(vertx, node, periods, leaseMillis);
  }

  /** A closer over the node's store, for the admin tick. */
  public static LeagueCloser of(Vertx vertx, NodeStore node, PeriodCloser periodCloser, Clock clock, long leaseMillis) {
    PeriodAdmin periods = new PeriodAdmin(node.boards(), node.boardStore(), new PeriodStore(node.shards()),
        node.archive(), periodCloser, clock);
    return new LeagueCloser(vertx, node, periods, leaseMillis);
  }

  /**
   * The admin tick: closes each league's periods that are due and not applied yet: the previous
   * period once it is past its close (the tier boards' rule; not one that ended before the league
   * existed), and any period a tier board has closing or archived, which a close that stopped
   * half way (its node died) leaves behind, and so does the boards' own pass over the tier boards.
   */
  public Future<Void> closeDue(long nowMillis) {
    return store.loadAll().compose(leagues -> {
      Future<Void> chain = Future.succeededFuture();
      for (League l : leagues) {
        chain = chain.compose(v -> closeDue(l, nowMillis).recover(t -> {
          LOG.info("a period of league {} was not closed on this node: {}", l.name(), t.getMessage());
          return Future.succeededFuture();
        }));
      }
      return chain;
    });
  }

  private Future<Void> closeDue(League l, long nowMillis) {
    return tiers(l).compose(tiers -> Future.all(tiers.stream().map(periodStore::states).toList()).compose(states -> {
      Board lowest = tiers.get(0);
      Map<String, Period> due = new TreeMap<>();
      Period previous = lowest.calendar().previous(lowest.periodOf(Instant.ofEpochMilli(nowMillis)));
      if (lowest.isPastClose(previous, nowMillis) && previous.end().toEpochMilli() > l.createdAt()) {
        due.put(previous.id(), previous);
      }
      for (int i = 0; i < tiers.size(); i++) {
        states.<Map<String, PeriodState>>resultAt(i).forEach((id, state) -> {
          if (state == PeriodState.CLOSING || state == PeriodState.ARCHIVED) {
            due.putIfAbsent(id, lowest.parsePeriod(id));
          }
        });
      }
      Future<Void> chain = Future.succeededFuture();
      for (Period p : due.values()) {
        chain = chain.compose(v -> store.applied(l, p.id()))
            .compose(done -> done ? Future.succeededFuture() : close(l, p).mapEmpty());
      }
      return chain;
    }));
  }

  /**
   * Closes the period of every tier, then records and applies the moves; answers them. 409
   * {@code period_closing} while another node closes it.
   */
  public Future<List<Move>> close(League l, Period p) {
    String what = "the close lease of period " + p.id() + " of league " + l.name();
    return CloseLease.acquire(deliveries.leases(), Keys.leagueCloseLease(l, p.id()), what, owner, leaseMillis)
        .compose(lease -> {
          if (lease == null) {
            return Future.failedFuture(LeaderboardException.conflict("period_closing", "period " + p.id()
                + " of league " + l.name() + " is being closed by another node; ask again shortly"));
          }
          long renewal = vertx.setPeriodic(Math.max(1, lease.millis() / 3), id -> lease.renew());
          return closeHoldingLease(l, p, lease).eventually(() -> {
            vertx.cancelTimer(renewal);
            return lease.release();
          });
        });
  }

  private Future<List<Move>> closeHoldingLease(League l, Period p, CloseLease lease) {
    return tiers(l).compose(tiers -> {
      Future<?> closed = Future.succeededFuture();
      for (Board b : tiers) {
        closed = closed.compose(v -> held(lease)).compose(v -> periods.close(b, p));
      }
      return closed.compose(v -> held(lease)).compose(v -> moves.period(l.uid(), p.id()))
          .compose(recorded -> !recorded.isEmpty() ? Future.succeededFuture(recorded)
              : compute(l, tiers, p).compose(computed -> moves.record(l.uid(), l.name(), p.id(), computed))
                  .compose(v -> moves.period(l.uid(), p.id())))
          .compose(recorded -> Future.all(tiers.stream().map(b -> PeriodCloser.recordDelivery(deliveries, b, p)).toList())
              .map(recorded))
          .compose(recorded -> held(lease).compose(v -> store.applied(l, p.id())).compose(done -> {
            if (done) {
              return Future.succeededFuture(recorded);
            }
            Map<String, String> to = new LinkedHashMap<>();
            recorded.forEach(m -> to.put(m.userId(), m.to()));
            return store.apply(l, p.id(), to).map(marked -> {
              if (marked) {
                tiers.forEach(b -> announce(b, p));
              }
              return recorded;
            });
          }));
    });
  }

  private static Future<Void> held(CloseLease lease) {
    return lease.lost()
        ? Future.failedFuture(LeaderboardException.conflict("period_closing", "this node lost its close lease of the"
            + " league's period; another node finishes the close, ask again shortly"))
        : Future.succeededFuture();
  }

  /**
   * Publishes the tier board's period event, with its members' moves; this node's admin verticle
   * hears it and starts the webhook delivery at once (at most once: a node that dies first leaves it
   * unpublished, and the admin tick delivers the webhook anyway).
   */
  private void announce(Board b, Period p) {
    archive.period(b.uid(), p.id()).compose(a -> PeriodArchivedEvent.load(archive, b, a))
        .onSuccess(event -> vertx.eventBus().publish(PeriodArchivedEvent.ADDRESS, event))
        .onFailure(t -> LOG.warn("the archived event of period {} of board {} was not published: {}", p.id(), b.name(),
            t.toString()));
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
