package dev.leaderboard.service.request;

import dev.leaderboard.core.Board;
import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import dev.leaderboard.core.Limits;
import dev.leaderboard.core.OverloadedException;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.RankMode;
import dev.leaderboard.core.Refusal;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The request parts every service shares, with one set of rules and messages, and error mapping. */
public final class Requests {
  private static final Logger LOG = LoggerFactory.getLogger(Requests.class);

  private Requests() {
  }

  public static RankMode rankMode(String s) {
    return s == null ? RankMode.UNIQUE : Fields.parsed("rankMode", s, RankMode::fromWire);
  }

  /** {@code current} (or nothing) is the period containing the clock's now. */
  public static Period period(Board b, String id, Clock clock) {
    Period named = named(b, id);
    return named != null ? named : b.periodOf(clock.instant());
  }

  /** The period {@code id} names; {@code null} for {@code current} (or nothing). */
  public static Period named(Board b, String id) {
    if (id == null || id.isEmpty() || "current".equals(id)) {
      return null;
    }
    try {
      return b.parsePeriod(id);
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid("period", "must be 'current' or a period id of this "
          + b.period().wireName() + " board: " + e.getMessage());
    }
  }

  public static int limit(Integer limit, int def) {
    int lim = limit == null ? def : limit;
    if (lim < 1 || lim > Limits.MAX_PAGE) {
      throw Refusal.invalid("limit", "must be between 1 and " + Limits.MAX_PAGE + " (got " + lim + ")");
    }
    return lim;
  }

  public static long offset(Long offset) {
    long off = offset == null ? 0 : offset;
    if (off < 0 || off > Fields.MAX_EXACT) {
      throw Refusal.invalid("offset", "must be between 0 and " + Fields.MAX_EXACT + " (got " + off + ")");
    }
    return off;
  }

  /**
   * Runs a request; a validation error thrown before its first I/O fails the future like any other.
   * A {@link LeaderboardException} keeps its status and code (caller mistakes 4xx, a store that did
   * not answer 503, see {@link dev.leaderboard.core.StoreUnavailableException}); anything else is a
   * fault: 500 {@code internal}, its cause in the log.
   */
  public static <T> Future<T> guard(Supplier<Future<T>> body) {
    Future<T> f;
    try {
      f = body.get();
    } catch (RuntimeException e) {
      f = Future.failedFuture(e);
    }
    return f.recover(t -> Future.failedFuture(refusal(t)));
  }

  private static LeaderboardException refusal(Throwable t) {
    if (t instanceof LeaderboardException le) {
      // not a fault, and a burst brings many: the caller is told to retry
      if (le.status() >= 500 && !(le instanceof OverloadedException)) {
        LOG.warn("request failed: {}", le.getMessage());
      }
      return le;
    }
    LOG.error("request failed", t);
    return Refusal.INTERNAL.exceptionCausedBy(t);
  }
}
