package dev.leaderboard.store.scores;

import dev.leaderboard.core.Order;
import dev.leaderboard.core.TieCodec;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;

/**
 * A member of a partition as Redis holds it.
 *
 * @param composite the packed composite, or on a wide board the score itself
 * @param meta JSON text when the read fetched it, else {@code null}
 * @param tie the wide layout's tie ({@link TieCodec}), or {@code ""} on a packed board
 */
public record StoredEntry(String userId, long composite, String meta, String tie) {

  public StoredEntry(String userId, long composite) {
    this(userId, composite, null, "");
  }

  public StoredEntry(String userId, long composite, String meta) {
    this(userId, composite, meta, "");
  }

  /** This entry with {@code meta} ({@code null} or {@code ""}: none). */
  public StoredEntry withMeta(String meta) {
    return new StoredEntry(userId, composite, meta == null || meta.isEmpty() ? null : meta, tie);
  }

  /** The sorted-set member: the user ID, after the tie on a wide board. */
  public String member() {
    return tie.isEmpty() ? userId : tie + userId;
  }

  public static StoredEntry ofMember(String member, long composite) {
    int cut = member.indexOf(TieCodec.END);
    return cut < 0 ? new StoredEntry(member, composite)
        : new StoredEntry(member.substring(cut + 1), composite, null, member.substring(0, cut + 1));
  }

  /** {@code stored} is the composite, or on a wide board {@code tie + score}. */
  public static StoredEntry ofStored(String userId, String stored) {
    int cut = stored.indexOf(TieCodec.END);
    return cut < 0 ? new StoredEntry(userId, parseComposite(stored))
        : new StoredEntry(userId, parseComposite(stored.substring(cut + 1)), null, stored.substring(0, cut + 1));
  }

  /** Whether {@code other} is the same entry: the same Redis score and tie. */
  public boolean samePlace(StoredEntry other) {
    return other != null && composite == other.composite && tie.equals(other.tie);
  }

  private static final Map<Order, Comparator<StoredEntry>> ORDERS = new EnumMap<>(Order.class);

  static {
    for (Order o : Order.values()) {
      ORDERS.put(o, o.ranking(Comparator.comparingLong(StoredEntry::composite).thenComparing(StoredEntry::member)));
    }
  }

  /** Exact ties in Redis' own member order for the board's direction, so merged reads match single-shard ones. */
  public static Comparator<StoredEntry> order(Order order) {
    return ORDERS.get(order);
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
