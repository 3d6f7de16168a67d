package dev.leaderboard.store;

import dev.leaderboard.core.Order;
import java.util.Comparator;

/**
 * A member of a partition as Redis holds it: the user and the packed composite score.
 *
 * @param meta the entry's metadata (a JSON object's text) when the read fetched it, else {@code null}
 */
public record StoredEntry(String userId, long composite, String meta) {

  /** An entry without metadata. */
  public StoredEntry(String userId, long composite) {
    this(userId, composite, null);
  }

  /** This entry with {@code meta} ({@code null} or {@code ""}: none). */
  public StoredEntry withMeta(String meta) {
    return new StoredEntry(userId, composite, meta == null || meta.isEmpty() ? null : meta);
  }

  /**
   * The board's total order: better composite first, exact ties in Redis' own order for the
   * board's direction (user ID bytes descending on desc boards, ascending on asc boards). Every
   * query, single shard or merged, uses this order.
   */
  public static Comparator<StoredEntry> order(Order order) {
    Comparator<StoredEntry> asc = Comparator.comparingLong(StoredEntry::composite).thenComparing(StoredEntry::userId);
    return order == Order.DESC ? asc.reversed() : asc;
  }

  /** Parses a Redis score reply; composites are integers below 2^53, so the double is exact. */
  public static long parseComposite(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return (long) Double.parseDouble(s);
    }
  }
}
