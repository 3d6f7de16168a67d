package dev.leaderboard.store;

import dev.leaderboard.core.Order;
import java.util.Comparator;

/** A member of a partition as Redis holds it: the user and the packed composite score. */
public record StoredEntry(String userId, long composite) {

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
