package dev.leaderboard.service.periods;

import dev.leaderboard.archive.ArchiveStore;
import dev.leaderboard.archive.ArchivedEntry;
import dev.leaderboard.archive.ArchivedParticipant;
import dev.leaderboard.archive.ArchivedPeriod;
import dev.leaderboard.archive.Reward;
import dev.leaderboard.core.Board;
import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.reads.Entries;
import dev.leaderboard.service.reads.RankMath;
import dev.leaderboard.store.boards.BoardStore;
import dev.leaderboard.store.boards.DeliveryStore;
import dev.leaderboard.store.boards.PeriodStore;
import dev.leaderboard.store.participation.ParticipationStore;
import dev.leaderboard.store.scores.StoredEntry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a board period, idempotently, so that a crash at any step is repaired by running it
 * again (on this node or another):
 * <ol>
 *   <li>take the period's close lease (one node at a time) and mark the period {@code closing};</li>
 *   <li>freeze every partition: from now on the submit script refuses events for the period;</li>
 *   <li>read the final ranking across partitions and archive it to PostgreSQL with the period's
 *       participants and rewards ({@link PeriodRewards}) in one transaction (a second archive of the
 *       same period writes nothing);</li>
 *   <li>record the pending webhook delivery of a board with a webhook, mark the period
 *       {@code archived}, then drop the keys of archived periods beyond the newest
 *       {@code retainPeriods} from Redis.</li>
 * </ol>
 * The node that marks the period archived then publishes its {@link PeriodArchivedEvent}. Closes are
 * counted by outcome ({@link CloseMeters}).
 */
public final class PeriodCloser {
  private static final Logger LOG = LoggerFactory.getLogger(PeriodCloser.class);
  /** A dead node's lease lapses after this; a live one renews it every third of it while it works. */
  public static final long DEFAULT_LEASE_MILLIS = 30_000;

  private final Vertx vertx;
  private final BoardRegistry boards;
  private final BoardStore boardStore;
  private final PeriodStore periods;
  private final DeliveryStore deliveries;
  private final ParticipationStore participants;
  private final ArchiveStore archive;
  private final Clock clock;
  private final String owner = UUID.randomUUID().toString();
  private final long leaseMillis;
  private final CloseMeters meters = new CloseMeters();

  public PeriodCloser(Vertx vertx, BoardRegistry boards, BoardStore boardStore, PeriodStore periods,
      DeliveryStore deliveries, ParticipationStore participants, ArchiveStore archive, Clock clock, long leaseMillis) {
    this.vertx = vertx;
    this.boards = boards;
    this.boardStore = boardStore;
    this.periods = periods;
    this.deliveries = deliveries;
    this.participants = participants;
    this.archive = archive;
    this.clock = clock;
    this.leaseMillis = leaseMillis;
  }

  /** Closes the period unless another node is closing it (then fails with 409 {@code period_closing}). */
  public Future<ArchivedPeriod> close(Board b, Period p) {
    return close(b, p, rows -> { });
  }

  /** As {@link #close(Board, Period)}; {@code read} is given the rows the archive read, when this run writes it. */
  public Future<ArchivedPeriod> close(Board b, Period p, Consumer<FrozenRows> read) {
    return meters.closing(CloseLease.holding(vertx, lease(b, p), CloseLease.period(b, p),
        lease -> closeHoldingLease(b, p, lease, read)));
  }

  /** How long a close lease of this node lasts unless renewed. */
  public long leaseMillis() {
    return leaseMillis;
  }

  /** This node's close lease on the period, or {@code null} when another node holds it. */
  Future<CloseLease> lease(Board b, Period p) {
    return CloseLease.acquire(periods, b, p, owner, leaseMillis);
  }

  /** The closing steps; each starts only while the lease is held. */
  Future<ArchivedPeriod> closeHoldingLease(Board b, Period p, CloseLease lease) {
    return closeHoldingLease(b, p, lease, rows -> { });
  }

  private Future<ArchivedPeriod> closeHoldingLease(Board b, Period p, CloseLease lease, Consumer<FrozenRows> read) {
    // a league's close announces its tier boards' periods, and starts their webhooks, once it has the moves
    boolean tier = b.tier() != null;
    return lease.check()
        .compose(ok -> boards.setPeriodState(b, p.id(), PeriodState.CLOSING))
        .compose(ok -> lease.check())
        .compose(ok -> periods.freeze(b, p.id()))
        .compose(ok -> lease.check())
        .compose(ok -> archive.period(b.uid(), p.id()))
        .compose(done -> done != null ? Future.succeededFuture(done) : writeArchive(b, p, read))
        .compose(archived -> lease.check().map(archived))
        .compose(archived -> tier ? Future.succeededFuture(archived) : recordDelivery(deliveries, b, p).map(archived))
        .compose(archived -> markArchived(b, p).map(archived))
        .compose(archived -> retain(b).map(archived))
        .onSuccess(archived -> {
          if (!tier) {
            PeriodArchivedEvent.publish(vertx, archive, b, archived);
          }
        });
  }

  /**
   * A board with a webhook gets the period's pending delivery before the period shows archived (a
   * league's tier board once the league's moves are recorded: its event carries them).
   */
  public static Future<Void> recordDelivery(DeliveryStore deliveries, Board b, Period p) {
    return b.events().webhook() == null ? Future.succeededFuture()
        : deliveries.putIfAbsent(b, p.id(), Delivery.pending(PeriodArchivedEvent.id(b, p.id())));
  }

  /** Steps 1–3 without a lease: what a node that dies before marking the period archived has done. */
  Future<ArchivedPeriod> freezeAndArchive(Board b, Period p) {
    return boards.setPeriodState(b, p.id(), PeriodState.CLOSING)
        .compose(ok -> periods.freeze(b, p.id()))
        .compose(ok -> archive.period(b.uid(), p.id()))
        .compose(done -> done != null ? Future.succeededFuture(done) : writeArchive(b, p, rows -> { }));
  }

  /**
   * The period's participants, its entries (each participant's carrying their seat) and its rewards
   * (by the participants' cohorts on a board with cohorts), in one transaction. {@code read} is given
   * the participants and the ranking as they were read.
   */
  private Future<ArchivedPeriod> writeArchive(Board b, Period p, Consumer<FrozenRows> read) {
    // one after the other: the join order and a ranking part share a shard, each a large read
    return participants.all(b, p.id()).compose(list -> periods.ranking(b, p.id()).map(ranking -> FrozenRows.of(list,
            ranking)))
        .onSuccess(read::accept)
        .compose(rows -> {
      List<ParticipationStore.Participant> joined = rows.joined();
      List<ArchivedParticipant> seats = new ArrayList<>(joined.size());
      // each entry's cohort, for the rewards' cohort ranks (none needed on a board without rewards)
      long[] cohorts = new long[b.rewards().isEmpty() ? 0 : rows.ranking().size()];
      for (int i = 0; i < joined.size(); i++) {
        ParticipationStore.Participant j = joined.get(i);
        seats.add(new ArchivedParticipant(i, j.userId(), j.joinedAt(), j.cohort()));
        int at = rows.entryOf()[i];
        if (cohorts.length > 0 && at >= 0 && j.cohort() > 0) {
          cohorts[at] = j.cohort();
        }
      }
      List<ArchivedEntry> entries = rank(b, p, rows.ranking());
      List<Reward> rewards = PeriodRewards.of(b.rewards(), entries, cohorts);
      ArchivedPeriod meta = new ArchivedPeriod(b.uid(), b.name(), p.id(), entries.size(), clock.millis(), b.toJson());
      long started = System.nanoTime();
      return archive.archive(meta, entries, rewards, seats, rows.entryOf()).compose(written -> {
        if (written) {
          LOG.info("archived period {} of board {}: {} entries, {} participants, {} rewards in {} ms", p.id(),
              b.name(), entries.size(), seats.size(), rewards.size(), (System.nanoTime() - started) / 1_000_000);
        }
        return archive.period(b.uid(), p.id());
      });
    });
  }

  /** Final unique, competition and dense ranks of a ranking in board order. */
  static List<ArchivedEntry> rank(Board b, Period p, List<StoredEntry> ranking) {
    long[] scores = Entries.scores(b, ranking);
    long[] competition = RankMath.within(RankMode.COMPETITION, scores);
    long[] dense = RankMath.within(RankMode.DENSE, scores);
    List<ArchivedEntry> out = new ArrayList<>(ranking.size());
    for (int i = 0; i < ranking.size(); i++) {
      StoredEntry e = ranking.get(i);
      out.add(new ArchivedEntry(i, e.userId(), scores[i], Entries.at(b, p, e), competition[i], dense[i],
          e.meta(), Entries.keys(b, e)));
    }
    return out;
  }

  Future<Void> markArchived(Board b, Period p) {
    return boards.setPeriodState(b, p.id(), PeriodState.ARCHIVED);
  }

  /** Keeps the newest {@code retainPeriods} periods hot; drops archived ones older than those. */
  Future<Void> retain(Board b) {
    return Future.all(boardStore.periods(b), periods.states(b)).compose(all -> {
      List<String> hot = new ArrayList<>(all.<List<String>>resultAt(0));
      java.util.Map<String, PeriodState> states = all.resultAt(1);
      hot.sort(Comparator.comparing((String id) -> b.parsePeriod(id).start()).reversed());
      List<Future<Void>> drops = new ArrayList<>();
      for (int i = b.retainPeriods(); i < hot.size(); i++) {
        if (states.get(hot.get(i)) == PeriodState.ARCHIVED) {
          drops.add(periods.drop(b, hot.get(i)));
        }
      }
      return Future.all(drops).mapEmpty();
    });
  }
}
