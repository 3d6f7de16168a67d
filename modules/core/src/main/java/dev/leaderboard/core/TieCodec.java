package dev.leaderboard.core;

import java.util.List;

/**
 * The tie of a wide-layout entry: the fixed-width, order-preserving text that orders entries of
 * equal score. A wide member is {@code tie + userId}; Redis orders members of equal score by their
 * bytes, so equal scores are ordered by the tie and then by the user ID.
 *
 * <p>The tie holds one field per sort key, in the board's order of keys, then the time the score
 * was reached (in the board's tie unit since the epoch), then {@link #END}. Each field is a
 * non-negative number written in a fixed number of base-64 digits whose ASCII codes ascend
 * ({@link #DIGITS}), so comparing ties byte by byte compares the fields in turn. A field is
 * written so that a better value gives a larger tie on a {@code desc} board (Redis reads it
 * backwards) and a smaller one on an {@code asc} board: the value's distance from the end of its
 * range that ranks lower. The user ID cannot contain {@link #END}, so a member's tie ends at its
 * first {@code END} and a reader needs no board to split a member.
 */
public final class TieCodec {
  /** 64 digits in ascending ASCII order. */
  static final String DIGITS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
  /** Ends a tie; not a digit and not allowed in user IDs. */
  public static final char END = '|';
  /** Time units since the epoch fit in this many bits: with ms ties, until the year 10889. */
  static final int TIME_BITS = 48;
  public static final long LATEST_UNIT = (1L << TIME_BITS) - 1;
  private static final int[] VALUE = new int[128];

  static {
    for (int i = 0; i < DIGITS.length(); i++) {
      VALUE[DIGITS.charAt(i)] = i;
    }
  }

  private final Order order;
  private final List<SortKey> keys;
  private final long unitMillis;
  private final int[] widths;
  private final int length;

  public TieCodec(Order order, List<SortKey> keys, long unitMillis) {
    this.order = order;
    this.keys = List.copyOf(keys);
    this.unitMillis = unitMillis;
    this.widths = new int[keys.size() + 1];
    int n = 1;
    for (int i = 0; i < keys.size(); i++) {
      widths[i] = digitsFor(keys.get(i).max() - keys.get(i).min());
      n += widths[i];
    }
    widths[keys.size()] = digitsFor(LATEST_UNIT);
    this.length = n + widths[keys.size()];
  }

  /** The tie's length in characters, {@link #END} included. */
  public int length() {
    return length;
  }

  /**
   * The tie of an entry with these sort-key values (in the board's order of keys) reached at
   * {@code atMillis}; values must lie in their keys' ranges and the time must be ≥ 0.
   */
  public String encode(long[] values, long atMillis) {
    if (values.length != keys.size()) {
      throw new IllegalArgumentException("expected " + keys.size() + " sort-key values, got " + values.length);
    }
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < values.length; i++) {
      SortKey k = keys.get(i);
      if (values[i] < k.min() || values[i] > k.max()) {
        throw new IllegalArgumentException(k.name() + " out of range: " + values[i]);
      }
      write(out, order.distance(values[i], k.min(), k.max(), k.direction()), widths[i]);
    }
    long unit = Math.floorDiv(atMillis, unitMillis);
    if (unit < 0 || unit > LATEST_UNIT) {
      throw new IllegalArgumentException("time out of range: " + atMillis);
    }
    write(out, order.distance(unit, 0, LATEST_UNIT, Order.ASC), widths[keys.size()]);
    return out.append(END).toString();
  }

  /** The sort-key values a tie holds, in the board's order of keys. */
  public long[] values(String tie) {
    long[] out = new long[keys.size()];
    int at = 0;
    for (int i = 0; i < out.length; i++) {
      SortKey k = keys.get(i);
      out[i] = order.fromDistance(read(tie, at, widths[i]), k.min(), k.max(), k.direction());
      at += widths[i];
    }
    return out;
  }

  /** The time a tie holds, in epoch ms (truncated to the board's unit). */
  public long atMillis(String tie) {
    int at = length - 1 - widths[keys.size()];
    return order.fromDistance(read(tie, at, widths[keys.size()]), 0, LATEST_UNIT, Order.ASC) * unitMillis;
  }

  private static void write(StringBuilder out, long v, int width) {
    for (int shift = 6 * (width - 1); shift >= 0; shift -= 6) {
      out.append(DIGITS.charAt((int) ((v >>> shift) & 63)));
    }
  }

  private static long read(String s, int from, int width) {
    long v = 0;
    for (int i = from; i < from + width; i++) {
      v = (v << 6) | VALUE[s.charAt(i)];
    }
    return v;
  }

  /** Base-64 digits that hold 0 .. range. */
  static int digitsFor(long range) {
    int bits = 64 - Long.numberOfLeadingZeros(range);
    return Math.max(1, (bits + 5) / 6);
  }

  /** Splits a member: the tie (with its {@link #END}) or {@code ""} for a packed member (a bare user ID). */
  public static String tieOf(String member) {
    int cut = member.indexOf(END);
    return cut < 0 ? "" : member.substring(0, cut + 1);
  }

  /** The sort-key fields of a tie, as written ({@code ""} for a packed board's empty tie or a board without keys). */
  public static String keysOf(String tie) {
    return tie.isEmpty() ? "" : tie.substring(0, tie.length() - 1 - digitsFor(LATEST_UNIT));
  }

  /** The user ID of a member of either layout. */
  public static String userOf(String member) {
    int cut = member.indexOf(END);
    return cut < 0 ? member : member.substring(cut + 1);
  }
}
