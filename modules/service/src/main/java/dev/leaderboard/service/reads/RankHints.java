package dev.leaderboard.service.reads;

import dev.leaderboard.core.Board;
import dev.leaderboard.store.scores.StoredEntry;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Entries this node saw lately (from submits and reads). A hint lets a user's rank be read in one
 * round; the store checks every use against the user's partition in that same round, so a stale hint
 * costs a round, never a wrong answer.
 *
 * <p>A fixed table of {@link #SLOTS} slots, one per hash of (board, period, user): the latest entry of a
 * slot replaces the one before, whoever's it was. Every event loop reads and writes it without a lock
 * (a slot holds one immutable record, read and replaced whole), and a lookup builds no key.
 */
public final class RankHints {
  static final int SLOTS = 1 << 17;

  /** One remembered entry: whose it is and where it stood. */
  private record Slot(String boardUid, String period, String userId, long composite, String tie) {
    boolean of(Board b, String period, String userId) {
      return this.userId.equals(userId) && this.period.equals(period) && boardUid.equals(b.uid());
    }
  }

  private final AtomicReferenceArray<Slot> slots = new AtomicReferenceArray<>(SLOTS);

  public StoredEntry get(Board b, String period, String userId) {
    Slot s = slots.getAcquire(index(b, period, userId));
    return s != null && s.of(b, period, userId) ? new StoredEntry(userId, s.composite(), null, s.tie()) : null;
  }

  public void put(Board b, String period, String userId, StoredEntry e) {
    slots.setRelease(index(b, period, userId), new Slot(b.uid(), period, userId, e.composite(), e.tie()));
  }

  public void forget(Board b, String period, String userId) {
    int i = index(b, period, userId);
    Slot s = slots.getAcquire(i);
    if (s != null && s.of(b, period, userId)) {
      slots.compareAndSet(i, s, null);
    }
  }

  private static int index(Board b, String period, String userId) {
    int h = (userId.hashCode() * 31 + period.hashCode()) * 31 + b.uid().hashCode();
    return (h ^ (h >>> 16)) & (SLOTS - 1);
  }
}
