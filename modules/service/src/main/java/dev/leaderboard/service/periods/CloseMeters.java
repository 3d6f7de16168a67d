package dev.leaderboard.service.periods;

import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.meters.Outcomes;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.micrometer.backends.BackendRegistries;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How a node's period closes go: {@value #CLOSES} by {@code outcome} ({@code archived}: this node's
 * close marked the period archived; {@code failed}: it stopped on an error, and a later tick tries
 * again; a close refused because another node holds the period's lease is neither), and
 * {@value #DUE}, the board periods past their end and grace but not archived that the node's last
 * admin pass found. Nothing is recorded when the node runs without metrics.
 */
public final class CloseMeters {
  static final String CLOSES = "leaderboard.periods.closes";
  static final String DUE = "leaderboard.periods.due";

  private final Outcomes closes = Outcomes.create(CLOSES,
      "Period closes run on this node, by outcome (archived, failed)", "archived", "failed");

  /**
   * Shows {@code due} as {@value #DUE}; the node's admin pass, its one writer, sets it. Returns it.
   */
  public static AtomicInteger due(AtomicInteger due) {
    MeterRegistry registry = BackendRegistries.getDefaultNow();
    if (registry != null) {
      Gauge.builder(DUE, due, AtomicInteger::get)
          .description("Board periods past their end and grace, not archived, found by the node's last admin pass")
          .register(registry);
    }
    return due;
  }

  /** Counts the outcome of a close once it completes. */
  <T> Future<T> closing(Future<T> close) {
    return close.onComplete(ar -> {
      if (ar.succeeded()) {
        closes.count("archived");
      } else if (!(ar.cause() instanceof LeaderboardException e && e.refusal() == Refusal.PERIOD_CLOSING)) {
        closes.count("failed");
      }
    });
  }
}
