package dev.leaderboard.service.leagues;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.League;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.store.leagues.LeagueStore;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a league's scores of a new period until the previous period's moves are applied, for
 * single scores ({@link Leagues#submit}) and batches ({@link LeagueBatch}) alike.
 */
public final class ClosedPeriodGate {
  private static final Logger LOG = LoggerFactory.getLogger(ClosedPeriodGate.class);
  private static final int REMEMBERED = 10_000;
  /** League uid and period of the periods this node knows are applied. */
  private final Set<String> applied = ConcurrentHashMap.newKeySet();
  private final LeagueStore store;
  private final LeagueCloser closer;
  private final Clock clock;

  public ClosedPeriodGate(LeagueStore store, LeagueCloser closer, Clock clock) {
    this.store = store;
    this.closer = closer;
    this.clock = clock;
  }

  /**
   * A score counts in the tier its member competes in during the score's period, which the
   * previous period's close decides: until those moves are applied, a score of a new period is
   * refused with 503 {@code league_closing} and {@code Retry-After} (nothing is applied; a client
   * retries it as is), and once the previous period is past its close this node starts that close
   * (one node runs it, under its lease). A late score of the previous period, within its grace, is
   * taken as usual. Periods known applied are remembered: they never become unapplied.
   */
  Future<Void> previousApplied(League l, Board b, Long at) {
    long now = clock.millis();
    Period previous = b.calendar().previous(b.periodOf(Instant.ofEpochMilli(at == null ? now : at)));
    String key = l.uid() + "/" + previous.id();
    if (previous.end().toEpochMilli() <= l.createdAt() || applied.contains(key)) {
      return Future.succeededFuture();
    }
    return store.applied(l, previous.id()).compose(done -> {
      if (done) {
        if (applied.size() > REMEMBERED) {
          applied.clear();
        }
        applied.add(key);
        return Future.succeededFuture();
      }
      long closesAt = previous.end().toEpochMilli() + b.graceSeconds() * 1000;
      if (now >= closesAt) {
        closer.close(l, previous).onFailure(t -> LOG.debug("closing period {} of league {} from a score: {}",
            previous.id(), l.name(), t.getMessage()));
      }
      long retry = Math.max(1, (closesAt - now + 999) / 1000);
      return Future.failedFuture(Refusal.LEAGUE_CLOSING.exception(previous.id(), l.name(), retry)
          .with(Refusal.RETRY_AFTER_FIELD, retry));
    });
  }
}
