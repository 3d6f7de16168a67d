package dev.leaderboard.core;

/** How an event's value changes a user's score. */
public enum Operator implements WireName {
  /** Adds the value (which may be negative) to the score; an absent user starts at 0. */
  INCR,
  /** Replaces the score. */
  SET,
  /** Keeps the better of the old score and the value, by the board's order. */
  BEST;

  public static Operator fromWire(String s) {
    return Wire.parse(Operator.class, values(), s, Operator::wireName);
  }

  /** The score after applying {@code value} to {@code old} ({@code null} when the user has no score yet). */
  public long apply(Long old, long value, Order order) {
    switch (this) {
      case INCR:
        return (old == null ? 0 : old) + value;
      case SET:
        return value;
      default:
        if (old == null) {
          return value;
        }
        return order.better(value, old) ? value : old;
    }
  }
}
