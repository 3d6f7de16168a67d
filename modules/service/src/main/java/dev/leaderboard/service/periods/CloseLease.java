package dev.leaderboard.service.periods;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.Keys;
import dev.leaderboard.store.boards.Leases;
import dev.leaderboard.store.boards.PeriodStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's lease on a job of one period: closing it, or delivering its webhook. The holder renews it
 * every third of its length; a renewal that fails or finds the lease gone (it lapsed while the node
 * stalled, and another may hold it) marks it lost, and the holder stops before its next step
 * ({@link #check()}).
 */
public final class CloseLease {
  private static final Logger LOG = LoggerFactory.getLogger(CloseLease.class);

  private final Leases leases;
  private final String key;
  private final String period;
  private final String owner;
  private final long millis;
  private volatile boolean lost;

  private CloseLease(Leases leases, String key, String period, String owner, long millis) {
    this.leases = leases;
    this.key = key;
    this.period = period;
    this.owner = owner;
    this.millis = millis;
  }

  /** The lease, or {@code null} when another node holds it. */
  static Future<CloseLease> acquire(PeriodStore periods, Board b, Period p, String owner, long millis) {
    return acquire(periods.leases(), Keys.closeLease(b, p.id()), period(b, p), owner, millis);
  }

  /** A board's period as the lease names it: {@code period p of board b}. */
  static String period(Board b, Period p) {
    return "period " + p.id() + " of board " + b.name();
  }

  /**
   * The lease {@code key} of closing {@code period} ({@code period p of league l}: for the log and the
   * refusal), or {@code null} when another node holds it.
   */
  public static Future<CloseLease> acquire(Leases leases, String key, String period, String owner, long millis) {
    return leases.acquire(key, owner, millis).map(mine -> mine ? new CloseLease(leases, key, period, owner, millis) : null);
  }

  /**
   * The one way a close runs, a board's or a league's: {@code steps} run holding the lease
   * {@code acquired} gives, renewed every third of its length, and released after, whatever the
   * steps did; when another node holds the lease, the close of {@code period} fails with 409
   * {@link Refusal#PERIOD_CLOSING}.
   */
  public static <T> Future<T> holding(Vertx vertx, Future<CloseLease> acquired, String period,
      Function<CloseLease, Future<T>> steps) {
    return acquired.compose(lease -> {
      if (lease == null) {
        return Future.failedFuture(Refusal.PERIOD_CLOSING.exception(period));
      }
      long renewal = vertx.setPeriodic(Math.max(1, lease.millis() / 3), id -> lease.renew());
      return steps.apply(lease).eventually(() -> {
        vertx.cancelTimer(renewal);
        return lease.release();
      });
    });
  }

  public long millis() {
    return millis;
  }

  /** Extends the lease; {@code false} (and lost from then on) when this node no longer holds it. */
  public Future<Boolean> renew() {
    return leases.renew(key, owner, millis).recover(t -> {
      LOG.warn("renewing the close lease of {} failed: {}", period, t.toString());
      return Future.succeededFuture(false);
    }).map(held -> {
      if (!held && !lost) {
        lost = true;
        LOG.warn("lost the close lease of {}: stopping; another node takes over", period);
      }
      return held && !lost;
    });
  }

  public boolean lost() {
    return lost;
  }

  /** Fails the step about to run when the lease was lost. */
  public Future<Void> check() {
    return lost
        ? Future.failedFuture(Refusal.PERIOD_CLOSING.exception(period))
        : Future.succeededFuture();
  }

  public Future<Void> release() {
    return leases.release(key, owner);
  }
}
