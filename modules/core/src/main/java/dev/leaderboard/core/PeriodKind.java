package dev.leaderboard.core;

import java.time.Duration;

/** The kinds of leaderboard period, with the names used on the wire (URLs, JSON, Redis keys). */
public enum PeriodKind implements WireName {
  ALL_TIME, DAILY, WEEKLY, MONTHLY;

  // Since 1970 no zone has moved its clocks back by more than 2h at once (26h days: St John's 1988,
  // Argentina 1991), Antarctic research stations aside; PeriodCalendarTest checks the JDK's tz data.
  private static final Duration MARGIN = Duration.ofHours(2);

  /** @throws IllegalArgumentException naming the allowed values if {@code s} is not a wire name */
  public static PeriodKind fromWire(String s) {
    return Wire.parse(values(), s);
  }

  /**
   * Upper bound on the length of one period of this kind in any time zone, DST and offset changes
   * included (for sizing TTLs and time windows): the nominal length plus 2h. Exceeded only by
   * Antarctica/Casey (27h days, last in 2023), Rothera (1976) and Vostok (31h, 1994).
   *
   * @throws UnsupportedOperationException for {@link #ALL_TIME}, which has no fixed length
   */
  public long maxLengthMillis() {
    return switch (this) {
      case DAILY -> Duration.ofDays(1).plus(MARGIN).toMillis();
      case WEEKLY -> Duration.ofDays(7).plus(MARGIN).toMillis();
      case MONTHLY -> Duration.ofDays(31).plus(MARGIN).toMillis();
      case ALL_TIME -> throw new UnsupportedOperationException("all-time periods have no fixed length");
    };
  }
}
