package dev.leaderboard.client;

import java.util.Locale;

/** How equal scores rank: {@code unique} (1, 2, 3), {@code competition} (1, 1, 3), {@code dense} (1, 1, 2). */
public enum RankMode {
  /** Every entry its own rank; ties in the board's order. */
  UNIQUE,
  /** Equal scores share a rank; the next rank skips as many. */
  COMPETITION,
  /** Equal scores share a rank; the next rank follows on. */
  DENSE;

  /** The name the API uses. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
