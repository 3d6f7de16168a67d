package dev.leaderboard.core;

/** The time unit in which "who reached the score first" is measured. */
public enum TieResolution {
  MS("ms", 1), S("s", 1000);

  private final String wireName;
  private final long millis;

  TieResolution(String wireName, long millis) {
    this.wireName = wireName;
    this.millis = millis;
  }

  public String wireName() {
    return wireName;
  }

  /** Length of one unit in milliseconds. */
  public long millis() {
    return millis;
  }

  public static TieResolution fromWire(String s) {
    return Wire.parse(TieResolution.class, values(), s, TieResolution::wireName);
  }
}
