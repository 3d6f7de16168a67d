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
    return Wire.parse(values(), s);
  }

  /** The score after applying {@code value} to {@code old} ({@code null} when the user has no score yet). */
  public long apply(Long old, long value, Order order) {
    return switch (this) {
      case INCR -> (old == null ? 0 : old) + value;
      case SET -> value;
      case BEST -> old == null || order.better(value, old) ? value : old;
    };
  }
}
