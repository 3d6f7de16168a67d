package dev.leaderboard.client;

import java.util.Locale;

/** How equal scores rank: {@code unique} (1, 2, 3), {@code competition} (1, 1, 3), {@code dense} (1, 1, 2). */
public enum RankMode {
  UNIQUE, COMPETITION, DENSE;

  /** The name the API uses. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
