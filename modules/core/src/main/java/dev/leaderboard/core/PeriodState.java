package dev.leaderboard.core;

/**
 * Where a period is in its life: {@code open} (takes events), {@code closing} (frozen, its final
 * ranking being archived) and {@code archived} (served from the archive). A period never goes back.
 */
public enum PeriodState implements WireName {
  OPEN, CLOSING, ARCHIVED;

  public static PeriodState fromWire(String s) {
    return Wire.parse(values(), s, () -> "unknown period state '" + s + "'");
  }
}
