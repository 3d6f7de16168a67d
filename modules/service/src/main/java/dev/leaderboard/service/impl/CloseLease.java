package dev.leaderboard.service.impl;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Period;
import dev.leaderboard.store.PeriodStore;
import io.vertx.core.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's lease on closing one period: one node at a time works on a period. The holder renews it
 * every third of its length while it works; a renewal that fails or finds the lease gone (it lapsed
 * while the node stalled, and another node may have taken it) marks it lost, and the holder stops
 * before its next step ({@link #check()}), leaving the period to the node that holds it now.
 */
final class CloseLease {
  private static final Logger LOG = LoggerFactory.getLogger(CloseLease.class);

  private final PeriodStore periods;
  private final Board b;
  private final Period p;
  private final String owner;
  private final long millis;
  private volatile boolean lost;

  private CloseLease(PeriodStore periods, Board b, Period p, String owner, long millis) {
    this.periods = periods;
    this.b = b;
    this.p = p;
    this.owner = owner;
    this.millis = millis;
  }

  /** The lease, or {@code null} when another node holds it. */
  static Future<CloseLease> acquire(PeriodStore periods, Board b, Period p, String owner, long millis) {
    return periods.acquire(b, p.id(), owner, millis)
        .map(mine -> mine ? new CloseLease(periods, b, p, owner, millis) : null);
  }

  long millis() {
    return millis;
  }

  /** Extends the lease; {@code false} (and lost from then on) when this node no longer holds it. */
  Future<Boolean> renew() {
    return periods.renew(b, p.id(), owner, millis).recover(t -> {
      LOG.warn("renewing the close lease of period {} of board {} failed: {}", p.id(), b.name(), t.toString());
      return Future.succeededFuture(false);
    }).map(held -> {
      if (!held && !lost) {
        lost = true;
        LOG.warn("lost the close lease of period {} of board {}: stopping; another node takes over", p.id(), b.name());
      }
      return held && !lost;
    });
  }

  /** Fails the step about to run when the lease was lost. */
  Future<Void> check() {
    return lost
        ? Future.failedFuture(LeaderboardException.conflict("period_closing", "this node lost the close lease of period "
            + p.id() + " of board " + b.name() + "; another node finishes closing it, ask again shortly"))
        : Future.succeededFuture();
  }

  Future<Void> release() {
    return periods.release(b, p.id(), owner);
  }
}
