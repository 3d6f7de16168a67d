package dev.leaderboard.core;

/**
 * How many of a cohort move at a league's close: a fixed count, or a whole percent of the cohort's
 * members (rounded down, so a small cohort moves nobody rather than a share it does not have).
 *
 * @param amount the count, or the percent when {@code percent}
 */
public record LeagueQuota(int amount, boolean percent) {

  /** Reads {@code promote} or {@code relegate}: a whole number from 0 to the cohort size, or {@code "N%"} (0–100). */
  static LeagueQuota parse(String field, Object v, int cohortSize) {
    if (v instanceof String s) {
      if (!s.matches("(100|[1-9]?[0-9])%")) {
        throw Refusal.invalid(field, "must be a whole number or a percent such as \"10%\" (0% to 100%)"
            + " (got '" + (s.length() > 20 ? s.substring(0, 20) + "..." : s) + "')");
      }
      return new LeagueQuota(Integer.parseInt(s.substring(0, s.length() - 1)), true);
    }
    if (v == null) {
      throw Refusal.invalid(field, "is required: a whole number or a percent such as \"10%\"");
    }
    return new LeagueQuota((int) Fields.integer(field, v, 0, cohortSize), false);
  }

  /** How many of a cohort of {@code members} move. */
  public int of(int members) {
    return percent ? (int) ((long) members * amount / 100) : Math.min(amount, members);
  }

  public Object toJson() {
    return percent ? amount + "%" : amount;
  }
}
