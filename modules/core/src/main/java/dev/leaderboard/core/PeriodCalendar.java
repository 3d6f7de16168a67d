package dev.leaderboard.core;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits the timeline into the periods of one {@link PeriodKind} in one time zone. Period ids sort
 * chronologically within a kind: {@code 2025-04-15}, ISO week {@code 2025-W16} (week-based year:
 * {@code 2024-12-30} is in {@code 2025-W01}), {@code 2025-04}, {@code all}. A period starts at the
 * first instant of its first local date (not 00:00 where DST skips midnight) and ends where the next
 * starts, so periods tile the timeline. Years 0000 to 9999 only. Immutable and thread-safe.
 */
public record PeriodCalendar(PeriodKind kind, ZoneId zone) {

  /** Nominal start of the all-time period: no score predates the Unix epoch. */
  public static final Instant ALL_TIME_START = Instant.EPOCH;

  /**
   * Nominal end of the all-time period: far enough to mean "never" while still a four-digit-year
   * timestamp that every store and client can represent. {@link #periodOf} returns the all-time
   * period for any instant, even outside these bounds.
   */
  public static final Instant ALL_TIME_END = Instant.parse("9999-12-31T00:00:00Z");

  private static final String ALL_ID = "all";
  private static final Period ALL = new Period(PeriodKind.ALL_TIME, ALL_ID, ALL_TIME_START, ALL_TIME_END);
  private static final Pattern DAILY_ID = Pattern.compile("([0-9]{4})-([0-9]{2})-([0-9]{2})");
  private static final Pattern WEEKLY_ID = Pattern.compile("([0-9]{4})-W([0-9]{2})");
  private static final Pattern MONTHLY_ID = Pattern.compile("([0-9]{4})-([0-9]{2})");

  public PeriodCalendar {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(zone, "zone");
  }

  /** The period containing {@code at}: {@code start <= at < end}. */
  public Period periodOf(Instant at) {
    Objects.requireNonNull(at, "at");
    if (kind == PeriodKind.ALL_TIME) {
      return ALL;
    }
    LocalDate first = firstDay(LocalDate.ofInstant(at, zone));
    // Where clocks are set back across midnight (America/St_Johns until 2010) the end of the previous
    // local day repeats after the next day has started; those instants go to the later period so
    // that periods never overlap.
    while (!at.isBefore(startOf(step(first, 1)))) {
      first = step(first, 1);
    }
    return periodStarting(first);
  }

  /**
   * The period with the given id.
   *
   * @throws IllegalArgumentException if {@code id} is not a well-formed id of this calendar's kind
   *     naming an existing date (e.g. {@code 2025-02-30}, or week 53 of a 52-week year)
   */
  public Period parse(String id) {
    Objects.requireNonNull(id, "id");
    if (kind == PeriodKind.ALL_TIME) {
      if (id.equals(ALL_ID)) {
        return ALL;
      }
      throw invalidId(id, null);
    }
    Pattern pattern = switch (kind) {
      case DAILY -> DAILY_ID;
      case WEEKLY -> WEEKLY_ID;
      default -> MONTHLY_ID;
    };
    Matcher m = pattern.matcher(id);
    if (!m.matches()) {
      throw invalidId(id, null);
    }
    int year = Integer.parseInt(m.group(1));
    int second = Integer.parseInt(m.group(2));
    try {
      return periodStarting(switch (kind) {
        case DAILY -> LocalDate.of(year, second, Integer.parseInt(m.group(3)));
        case MONTHLY -> LocalDate.of(year, second, 1);
        default -> mondayOfIsoWeek(id, year, second);
      });
    } catch (DateTimeException e) {
      throw invalidId(id, e.getMessage());
    }
  }

  /** The period right after {@code p}; for all-time, {@code p} itself. */
  public Period next(Period p) {
    requireOwn(p);
    return kind == PeriodKind.ALL_TIME ? p : periodOf(p.end());
  }

  /** The period right before {@code p}; for all-time, {@code p} itself. */
  public Period previous(Period p) {
    requireOwn(p);
    return kind == PeriodKind.ALL_TIME ? p : periodOf(p.start().minusNanos(1));
  }

  private LocalDate mondayOfIsoWeek(String id, int year, int week) {
    LocalDate jan4 = LocalDate.of(year, 1, 4); // by definition always in week 1
    long weeks = IsoFields.WEEK_OF_WEEK_BASED_YEAR.rangeRefinedBy(jan4).getMaximum();
    if (week < 1 || week > weeks) {
      throw invalidId(id, year + " has weeks 01 to " + weeks);
    }
    return jan4.with(DayOfWeek.MONDAY).plusWeeks(week - 1L);
  }

  private LocalDate firstDay(LocalDate date) {
    return switch (kind) {
      case WEEKLY -> date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTHLY -> date.withDayOfMonth(1);
      default -> date;
    };
  }

  private LocalDate step(LocalDate first, int n) {
    return switch (kind) {
      case WEEKLY -> first.plusWeeks(n);
      case MONTHLY -> first.plusMonths(n);
      default -> first.plusDays(n);
    };
  }

  private Instant startOf(LocalDate date) {
    return date.atStartOfDay(zone).toInstant();
  }

  // May be empty where a whole local day was skipped (Pacific/Apia, 2011-12-30); periodOf never
  // returns such a period, but parse does.
  private Period periodStarting(LocalDate first) {
    return new Period(kind, idOf(first), startOf(first), startOf(step(first, 1)));
  }

  private String idOf(LocalDate first) {
    int year = kind == PeriodKind.WEEKLY ? first.get(IsoFields.WEEK_BASED_YEAR) : first.getYear();
    if (year < 0 || year > 9999) {
      throw new IllegalArgumentException(
          "the " + kind.wireName() + " period starting " + first + " is outside the supported years 0000-9999");
    }
    return switch (kind) {
      case WEEKLY -> String.format("%04d-W%02d", year, first.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
      case MONTHLY -> String.format("%04d-%02d", year, first.getMonthValue());
      default -> String.format("%04d-%02d-%02d", year, first.getMonthValue(), first.getDayOfMonth());
    };
  }

  private IllegalArgumentException invalidId(String id, String reason) {
    String expected = switch (kind) {
      case DAILY -> "yyyy-MM-dd, e.g. 2025-04-15";
      case WEEKLY -> "ISO week YYYY-Www, e.g. 2025-W16";
      case MONTHLY -> "yyyy-MM, e.g. 2025-04";
      case ALL_TIME -> ALL_ID;
    };
    return new IllegalArgumentException("period '" + id + "' is not " + (kind == PeriodKind.ALL_TIME ? "an " : "a ") + kind.wireName()
        + " period id (expected " + expected + ")" + (reason == null ? "" : ": " + reason));
  }

  private void requireOwn(Period p) {
    Objects.requireNonNull(p, "p");
    if (p.kind() != kind || !p.equals(parse(p.id()))) {
      throw new IllegalArgumentException(p + " is not a period of " + this);
    }
  }

  @Override
  public String toString() {
    return "PeriodCalendar[" + kind.wireName() + ", " + zone + "]";
  }
}
