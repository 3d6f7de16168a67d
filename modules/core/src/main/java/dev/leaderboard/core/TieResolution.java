package dev.leaderboard.core;

/** The time unit in which "who reached the score first" is measured. */
public enum TieResolution implements WireName {
  MS(1), S(1000);

  private final long millis;

  TieResolution(long millis) {
    this.millis = millis;
  }

  /** Length of one unit in milliseconds. */
  public long millis() {
    return millis;
  }

  public static TieResolution fromWire(String s) {
    return Wire.parse(values(), s);
  }
}
