package dev.leaderboard.core;

/**
 * How equal scores share ranks: {@code unique} (1,2,3,4 — ties broken by who reached the score
 * first), {@code competition} (1,2,2,4) or {@code dense} (1,2,2,3).
 */
public enum RankMode implements WireName {
  UNIQUE, COMPETITION, DENSE;

  public static RankMode fromWire(String s) {
    return Wire.parse(values(), s);
  }
}
