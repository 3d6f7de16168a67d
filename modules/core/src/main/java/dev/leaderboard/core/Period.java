package dev.leaderboard.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One leaderboard period: the instants in {@code [start, end)}. Obtain periods from a
 * {@link PeriodCalendar}; {@code id} is unique only among periods of the same kind.
 */
public record Period(PeriodKind kind, String id, Instant start, Instant end) {

  public Period {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(end, "end");
    if (end.isBefore(start)) {
      throw new IllegalArgumentException("period " + id + " ends (" + end + ") before it starts (" + start + ")");
    }
  }

  public boolean contains(Instant at) {
    return !at.isBefore(start) && at.isBefore(end);
  }

  public Duration length() {
    return Duration.between(start, end);
  }
}
