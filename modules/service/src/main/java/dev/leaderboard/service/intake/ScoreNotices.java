package dev.leaderboard.service.intake;

import dev.leaderboard.core.BusAddresses;
import dev.leaderboard.service.reads.Entries;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.scores.StoredEntry;
import dev.leaderboard.core.Period;
import dev.leaderboard.service.intake.ScoreNotice.Position;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Publishes what submits changed, coalesced: the changes of one interval are gathered per board and
 * period, and one {@link ScoreNotice} per board and period goes out on the event bus at most once
 * per interval (nothing is published while nothing changes). The first change after a quiet
 * interval goes out at once; a change waits at most one interval.
 *
 * <p>Submits complete on several threads (every event loop calls the service), so the pending
 * changes are guarded by this object's lock, held for a few map operations.
 */
public final class ScoreNotices {
  /** The interval when the node sets none ({@code LB_STREAM_INTERVAL_MS}). */
  public static final long DEFAULT_INTERVAL_MS = 100;
  private final Vertx vertx;
  private final long intervalMs;
  private final Map<String, Pending> pending = new LinkedHashMap<>();
  private boolean scheduled;
  private long lastPublished = System.nanoTime() - Long.MAX_VALUE / 2;

  public ScoreNotices(Vertx vertx, long intervalMs) {
    this.vertx = vertx;
    this.intervalMs = intervalMs;
  }

  /** A user's entry on the board's period changed from {@code previous} ({@code null}: none) to {@code now}. */
  void changed(Board b, Period p, String userId, StoredEntry now, StoredEntry previous) {
    Position reached = position(b, p, now);
    Position left = previous == null ? null : position(b, p, previous);
    boolean down = left != null && left.reaches(reached.score(), reached.at(), b.order())
        && !reached.reaches(left.score(), left.at(), b.order());
    synchronized (this) {
      pending.computeIfAbsent(b.name() + '\n' + p.id(), k -> new Pending(b, p.id()))
          .add(userId, reached, down ? left : null);
      if (!scheduled) {
        scheduled = true;
        // the first change after a quiet interval goes out at once; then at most one notice per interval
        long waitMs = intervalMs - (System.nanoTime() - lastPublished) / 1_000_000;
        if (waitMs < 1) {
          vertx.runOnContext(v -> publish());
        } else {
          vertx.setTimer(waitMs, t -> publish());
        }
      }
    }
  }

  /**
   * Where the entry stands. On a board with sort keys an equal score may rank ahead with a later time
   * (better keys), so the position claims the earliest time: readers that compare positions
   * ({@link Position#reaches}) then count it as ahead of every entry of its score, never behind.
   */
  private static Position position(Board b, Period p, StoredEntry e) {
    return new Position(Entries.score(b, e), b.sortKeys().isEmpty() ? Entries.at(b, p, e) : Long.MIN_VALUE);
  }

  private void publish() {
    List<Pending> due;
    synchronized (this) {
      due = new ArrayList<>(pending.values());
      pending.clear();
      scheduled = false;
      lastPublished = System.nanoTime();
    }
    for (Pending p : due) {
      vertx.eventBus().publish(BusAddresses.SCORES_CHANGED, p.notice().toJson());
    }
  }

  /** The changes of one board's period gathered so far in this interval. */
  private static final class Pending {
    private final Board board;
    private final String period;
    private final Set<String> users = new LinkedHashSet<>();
    private boolean overflow;
    private Position best;
    private Position dropped;

    Pending(Board board, String period) {
      this.board = board;
      this.period = period;
    }

    void add(String userId, Position reached, Position left) {
      if (!overflow && users.add(userId) && users.size() > ScoreNotice.MAX_USERS) {
        overflow = true;
        users.clear();
      }
      best = reached.best(best, board.order());
      if (left != null) {
        dropped = left.best(dropped, board.order());
      }
    }

    ScoreNotice notice() {
      return new ScoreNotice(board.name(), period, overflow ? null : List.copyOf(users), best, dropped);
    }
  }
}
