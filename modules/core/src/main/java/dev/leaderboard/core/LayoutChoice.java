package dev.leaderboard.core;

import java.util.List;

/**
 * Which layout a new board gets ({@link Layout}): packed when it fits (no sort keys, no score below
 * 0, {@code maxScore} within the score bits its period and tie unit leave), wide otherwise; a
 * layout the definition asks for is checked against the same rule.
 */
final class LayoutChoice {
  private LayoutChoice() {
  }

  /**
   * @param asked the definition's {@code layout}, or {@code null}
   * @param maxScore the definition's {@code maxScore}, or {@code null} when left out
   */
  static Layout choose(String asked, PeriodKind period, TieResolution resolution, int timeBits, Long maxScore,
      long minScore, List<SortKey> sortKeys) {
    long fits = (1L << (ScoreCodec.TOTAL_BITS - timeBits)) - 1;
    String packedMiss = minScore < 0 ? "minScore is below 0"
        : !sortKeys.isEmpty() ? "the board has sort keys"
        : maxScore != null && maxScore > fits ? packedBudget(period, resolution, timeBits, fits, maxScore)
        : maxScore == null && minScore >= fits ? "minScore is at or above the packed layout's largest score " + fits
        : null;
    Layout layout = asked == null ? (packedMiss == null ? Layout.PACKED : Layout.WIDE)
        : Fields.parsed("layout", asked, Layout::fromWire);
    if (layout == Layout.PACKED && packedMiss != null) {
      throw Refusal.invalid("layout", "packed does not fit this board: " + packedMiss
          + "; leave layout out to get the wide layout");
    }
    return layout;
  }

  /** Why a maxScore does not fit the packed layout's score bits. */
  private static String packedBudget(PeriodKind period, TieResolution resolution, int timeBits, long fits,
      long maxScore) {
    String what = period == PeriodKind.ALL_TIME
        ? "an all-time board with " + resolution.wireName() + " ties packs " + timeBits + " time bits to cover "
            + Board.ALL_TIME_SPAN.toDays() + " days"
        : "a " + period.wireName() + " board with " + resolution.wireName() + " ties packs " + timeBits
            + " time bits";
    return "maxScore " + maxScore + " is above " + fits + " (" + what + ", leaving " + (ScoreCodec.TOTAL_BITS - timeBits)
        + " of 53 bits for scores)";
  }

  /** Why the board has its layout, for {@code limits}. */
  static String reason(Board b) {
    if (!b.wide()) {
      return "scores up to " + b.largestScore() + " and the time in " + b.tieResolution().wireName()
          + " fit one packed 53-bit Redis score";
    }
    return "the Redis score is the exact score (up to 2^53 - 1 in magnitude); "
        + (b.sortKeys().isEmpty() ? "" : "the sort keys, then ") + "the time and the user ID order equal scores in "
        + "the member";
  }
}
