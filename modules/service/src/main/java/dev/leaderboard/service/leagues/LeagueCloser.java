package dev.leaderboard.service.leagues;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.archive.LeagueMoveStore;
import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.intake.ScoreIntake;
import dev.leaderboard.service.moderation.BanRegistry;
import dev.leaderboard.service.periods.CloseLease;
import dev.leaderboard.service.periods.FrozenRows;
import dev.leaderboard.service.periods.PeriodAdmin;
import dev.leaderboard.service.periods.PeriodArchivedEvent;
import dev.leaderboard.service.periods.PeriodCloser;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.leagues.HeldScoreStore;
import dev.leaderboard.store.leagues.LeagueStore;
import dev.leaderboard.store.participation.ParticipationStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A league period's close, run by one node at a time under the period's league lease:
 * <ol>
 *   <li>each tier board's period is closed and archived like any board's (under its own close lease),
 *       {@value #TIERS_AT_ONCE} tiers at a time;</li>
 *   <li>the moves are computed from the tiers' frozen periods, still in Redis ({@link CloseMoves}), and
 *       recorded in PostgreSQL once ({@link LeagueMoveStore}); the run goes on with what it computed,
 *       and only a run after a failure reads back what an earlier run recorded;</li>
 *   <li>each tier board with a webhook gets its pending delivery (its event carries the moves);</li>
 *   <li>the moves are applied to the members' tiers, and the period marked applied;</li>
 *   <li>the node that marked it publishes each tier board's {@link PeriodArchivedEvent};</li>
 *   <li>the next period's scores held meanwhile are replayed to the tiers the moves gave, and the
 *       period is settled ({@link HeldReplay}).</li>
 * </ol>
 * Every step can run again after a crash with the same result, so a node that takes over from a
 * dead one (once its lease lapses) moves each member once. A store that fails fails the close
 * before any member moves; the admin tick tries again.
 */
public final class LeagueCloser {
  private static final Logger LOG = LoggerFactory.getLogger(LeagueCloser.class);
  /**
   * Tiers archived at a time: two keep PostgreSQL and the node busy together; more only add to the
   * pauses that scores sent meanwhile wait through.
   */
  private static final int TIERS_AT_ONCE = 2;
  private final Vertx vertx;
  private final LeagueStore store;
  private final HeldScoreStore heldScores;
  private final LeagueMoveStore moves;
  private final CloseMoves computed;
  private final ArchiveStore archive;
  private final DeliveryStore deliveries;
  private final PeriodStore periodStore;
  private final BoardRegistry boards;
  private final PeriodAdmin periods;
  private final HeldReplay replay;
  private final String owner = UUID.randomUUID().toString();
  private final long leaseMillis;

  private LeagueCloser(Vertx vertx, LeagueStore store, HeldScoreStore heldScores, DeliveryStore deliveries,
      BoardStore boardStore, PeriodStore periodStore, ParticipationStore participants, ArchiveStore archive,
      BoardRegistry boards, PeriodAdmin periods, HeldReplay replay, long leaseMillis) {
    this.vertx = vertx;
    this.store = store;
    this.heldScores = heldScores;
    this.archive = archive;
    this.moves = archive.leagueMoves();
    this.computed = new CloseMoves(store, boardStore, participants, periodStore, archive.participants());
    this.deliveries = deliveries;
    this.periodStore = periodStore;
    this.boards = boards;
    this.periods = periods;
    this.replay = replay;
    this.leaseMillis = leaseMillis;
  }

  /**
   * A closer over the node's stores whose tier periods close through {@code periods} and whose held
   * scores are replayed through {@code intake}.
   */
  public static LeagueCloser of(Vertx vertx, LeagueStore store, HeldScoreStore heldScores, DeliveryStore deliveries,
      BoardStore boardStore, PeriodStore periodStore, ParticipationStore participants, ArchiveStore archive,
      BoardRegistry boards, PeriodAdmin periods, ScoreIntake intake, BanRegistry bans, long leaseMillis) {
    HeldReplay replay = new HeldReplay(heldScores, new TierRoutes(store, boards, intake, bans), intake);
    return new LeagueCloser(vertx, store, heldScores, deliveries, boardStore, periodStore, participants, archive,
        boards, periods, replay, leaseMillis);
  }

  /**
   * The admin tick: closes each league's periods that are due and not settled yet: the previous
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
        chain = chain.compose(v -> heldScores.settled(l, p.id()))
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
    String period = "period " + p.id() + " of league " + l.name();
    return CloseLease.holding(vertx, CloseLease.acquire(deliveries.leases(), Keys.leagueCloseLease(l, p.id()), period,
        owner, leaseMillis), period, lease -> closeHoldingLease(l, p, lease));
  }

  private Future<List<Move>> closeHoldingLease(League l, Period p, CloseLease lease) {
    CloseSteps steps = new CloseSteps(l, p);
    return Future.all(tiers(l), moves.counts(l.uid(), p.id())).compose(first -> {
      List<Board> tiers = first.resultAt(0);
      // recorded by a run that stopped after recording: read back; else computed here and recorded once
      boolean compute = first.<LeagueMoveStore.PeriodMoves>resultAt(1).total() == 0;
      Future<Map<String, String>> members = compute ? computed.members(l) : Future.succeededFuture(Map.of());
      // the members the tiers seat, one set for all of them
      Future<Set<String>> seated = members.map(CloseMoves::seated);
      // TIERS_AT_ONCE tiers at a time, each under its own close lease, each read into moves once its
      // period is closed: PostgreSQL writes one tier while the node reads another
      List<Future<ArchivedPeriod>> closing = new ArrayList<>();
      List<Future<CloseMoves.TierMoves>> tierMoves = new ArrayList<>();
      List<Future<?>> lanes = new ArrayList<>(Collections.nCopies(TIERS_AT_ONCE, Future.succeededFuture()));
      for (int i = 0; i < tiers.size(); i++) {
        Board b = tiers.get(i);
        int level = i;
        // the rows the tier's archive reads are its moves' too (none when an earlier run archived it)
        AtomicReference<FrozenRows> read = new AtomicReference<>();
        Future<ArchivedPeriod> tier = lanes.get(i % TIERS_AT_ONCE).compose(v -> lease.check())
            .compose(v -> periods.close(b, p, compute ? read::set : rows -> { }));
        lanes.set(i % TIERS_AT_ONCE, tier);
        closing.add(tier);
        if (compute) {
          tierMoves.add(Future.all(tier, seated).compose(both -> computed.tier(l, level, b, p, members.result(),
              seated.result(), tier.result(), read.getAndSet(null))));
        }
      }
      List<ArchivedPeriod> closed = new ArrayList<>();
      return Future.all(closing).compose(v -> Future.all(tierMoves)).map(v -> {
        closing.forEach(c -> closed.add(c.result()));
        return v;
      }).map(steps.done(compute ? "tiers archived and their moves computed" : "tiers archived"))
          .compose(v -> lease.check())
          .compose(v -> !compute ? moves.period(l.uid(), p.id()).map(steps.done("moves read back"))
              : Future.succeededFuture(CloseMoves.all(l, members.result(), seated.result(),
                  tierMoves.stream().map(Future::result).toList())).compose(all -> moves.record(l.uid(), l.name(), p.id(), all)
                      // another run recorded them first: the moves are theirs
                      .compose(written -> written ? Future.succeededFuture(all) : moves.period(l.uid(), p.id())))
                  .map(steps.done("moves recorded")))
          .compose(recorded -> Future.all(tiers.stream().map(b -> PeriodCloser.recordDelivery(deliveries, b, p)).toList())
              .map(recorded))
          .compose(recorded -> lease.check().compose(v -> store.applied(l, p.id())).compose(done -> {
            if (done) {
              return replay.release(l, p).map(steps.done("held scores replayed")).map(recorded);
            }
            // only the tiers that change: a member whose destination is the tier this close read them in
            // (none read when the moves were read back) keeps it as it is
            Map<String, String> was = members.result();
            List<String> users = new ArrayList<>();
            List<String> to = new ArrayList<>();
            recorded.forEach(m -> {
              if (m.to() == null || !m.to().equals(was.get(m.userId()))) {
                users.add(m.userId());
                to.add(m.to());
              }
            });
            return store.apply(l, p.id(), users, to).map(marked -> {
              if (marked) {
                // each tier board's event, with its members' moves
                for (int i = 0; i < tiers.size(); i++) {
                  PeriodArchivedEvent.publish(vertx, archive, tiers.get(i), closed.get(i));
                }
              }
              return recorded;
            }).map(steps.done("moves applied")).compose(r -> lease.check()).compose(v -> replay.release(l, p))
                .map(steps.done("held scores replayed")).map(recorded);
          }))
          .map(recorded -> {
            steps.log(recorded.size());
            return CloseMoves.byUser(recorded);
          });
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

}
