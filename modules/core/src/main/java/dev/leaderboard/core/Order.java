package dev.leaderboard.core;

import java.util.Comparator;

/**
 * Which end of a board wins: {@code desc} (highest score first) or {@code asc} (lowest first, e.g. lap times).
 * The one place that knows the direction: how values compare, and which Redis commands and bounds read in it.
 */
public enum Order implements WireName {
  DESC, ASC;

  public static Order fromWire(String s) {
    return Wire.parse(values(), s);
  }

  /** Negative when {@code a} ranks before {@code b} on this board, zero when equal. */
  public int compare(long a, long b) {
    return this == DESC ? Long.compare(b, a) : Long.compare(a, b);
  }

  /** {@code true} when score {@code a} is strictly better than {@code b} on this board. */
  public boolean better(long a, long b) {
    return compare(a, b) < 0;
  }

  /** The better of {@code a} and {@code b}. */
  public long best(long a, long b) {
    return better(b, a) ? b : a;
  }

  /** Whether a higher value ranks higher. */
  public boolean higherFirst() {
    return this == DESC;
  }

  public Order reversed() {
    return this == DESC ? ASC : DESC;
  }

  /** {@code ascending} turned to this order: itself on asc, reversed on desc. */
  public <T> Comparator<T> ranking(Comparator<T> ascending) {
    return this == DESC ? ascending.reversed() : ascending;
  }

  /**
   * {@code v} (in {@code min..max}, ranked in direction {@code key}) as a distance from an end of its range, which
   * this order ranks as {@code key} ranks values: {@code v - min} if {@code key} runs this way, else {@code max - v}.
   */
  public long distance(long v, long min, long max, Order key) {
    return key == this ? v - min : max - v;
  }

  /** The value a {@link #distance} stands for. */
  public long fromDistance(long distance, long min, long max, Order key) {
    return key == this ? distance + min : max - distance;
  }

  /** Redis' range by index in this order: {@code ZREVRANGE} on desc, {@code ZRANGE} on asc. */
  public String range() {
    return this == DESC ? "ZREVRANGE" : "ZRANGE";
  }

  /** Redis' index of a member in this order: {@code ZREVRANK} on desc, {@code ZRANK} on asc. */
  public String rank() {
    return this == DESC ? "ZREVRANK" : "ZRANK";
  }

  /** Redis' range by score in this order, from its first bound towards its second: {@code ZREVRANGEBYSCORE} on desc. */
  public String rangeByScore() {
    return this == DESC ? "ZREVRANGEBYSCORE" : "ZRANGEBYSCORE";
  }

  /** The score bound at the best end: {@code "+inf"} on desc, {@code "-inf"} on asc. */
  public String bestEnd() {
    return this == DESC ? "+inf" : "-inf";
  }

  /** The bounds (min, max, as {@code ZCOUNT} takes them) of the values strictly better than {@code x}. */
  public String[] betterThan(long x) {
    return this == DESC ? new String[] {"(" + x, bestEnd()} : new String[] {bestEnd(), "(" + x};
  }
}
