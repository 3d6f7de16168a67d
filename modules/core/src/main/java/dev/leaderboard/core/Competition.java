package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * Who may take part in a board's period and when: joining, the size limit, attempts, the running
 * window and cohorts. {@link #OPEN} (every field absent) is a board open to everyone for its whole period.
 *
 * @param joinRequired only participants may submit
 * @param maxSize at most this many participants per period ({@code null}: no limit)
 * @param maxAttempts applied events per user per period ({@code null}: no limit)
 * @param startsAt submits and joins before it are refused ({@code null}: none)
 * @param endsAt submits and joins from it on are refused, and the period open then closes at it
 * @param activeFor within each period, submits are taken only during its first {@code activeFor}
 * @param cohortSize participants are placed in cohorts of at most this many ({@code null}: no cohorts)
 * @param cohortBy the join attribute whose equal values fill their own cohorts ({@code null}: one stream)
 */
public record Competition(boolean joinRequired, Integer maxSize, Integer maxAttempts, Instant startsAt,
    Instant endsAt, Duration activeFor, Integer cohortSize, String cohortBy) {

  public static final Competition OPEN = new Competition(false, null, null, null, null, null, null, null);
  public static final int MAX_SIZE = 100_000_000;
  public static final int MAX_ATTEMPTS = 1_000_000;
  public static final int MIN_COHORT = 2;
  public static final int MAX_COHORT = 10_000;
  /** A join attribute's name: also what {@code cohortBy} may name. */
  public static final Pattern ATTRIBUTE_NAME = Pattern.compile("[A-Za-z0-9_-]{1,32}");
  static final Set<String> FIELDS = Set.of("joinRequired", "maxSize", "maxAttempts", "startsAt", "endsAt",
      "activeFor", "cohortSize", "cohortBy");

  /** Whether participants are recorded: joining is required, or a limit or cohorts need them counted. */
  public boolean tracksParticipants() {
    return joinRequired || maxSize != null || cohortSize != null;
  }

  /** Whether a first submit joins its user (participants are tracked but joining is not required). */
  public boolean joinsOnSubmit() {
    return !joinRequired && tracksParticipants();
  }

  public boolean cohorts() {
    return cohortSize != null;
  }

  /**
   * The competition fields of a PUT over {@code existing}: absent keeps a field, {@code null} removes
   * it. The cohort fields are fixed once the board exists, as placements already made depend on them.
   */
  static Competition define(JsonObject spec, Competition existing, PeriodKind period, boolean creating) {
    boolean joinRequired = Fields.bool(spec, "", "joinRequired", existing.joinRequired());
    Integer maxSize = intField(spec, "maxSize", existing.maxSize(), 1, MAX_SIZE);
    Integer maxAttempts = intField(spec, "maxAttempts", existing.maxAttempts(), 1, MAX_ATTEMPTS);
    Instant startsAt = textField(spec, "startsAt", existing.startsAt(), Competition::instant);
    Instant endsAt = textField(spec, "endsAt", existing.endsAt(), Competition::instant);
    if (startsAt != null && endsAt != null && !startsAt.isBefore(endsAt)) {
      throw Refusal.invalid("endsAt", "must be after startsAt " + startsAt + " (got " + endsAt + ")");
    }
    Duration activeFor = textField(spec, "activeFor", existing.activeFor(), Competition::duration);
    if (activeFor != null) {
      Duration longest = longest(period, startsAt, endsAt);
      if (activeFor.compareTo(longest) > 0) {
        throw Refusal.invalid("activeFor", "must be at most the period's length " + longest
            + " (got " + activeFor + ")");
      }
    }
    Integer cohortSize = intField(spec, "cohortSize", existing.cohortSize(), MIN_COHORT, MAX_COHORT);
    String cohortBy = existing.cohortBy();
    if (spec.containsKey("cohortBy")) {
      cohortBy = spec.getValue("cohortBy") == null ? null : Fields.string(spec, "", "cohortBy", null);
      if (cohortBy != null && !ATTRIBUTE_NAME.matcher(cohortBy).matches()) {
        throw Refusal.invalid("cohortBy", "must name a join attribute: 1 to 32 letters, digits, '_' or"
            + " '-' (got '" + cohortBy + "')");
      }
    }
    if (cohortBy != null && cohortSize == null) {
      throw Refusal.invalid("cohortBy", "needs cohortSize: it says how the cohorts are filled");
    }
    if (!creating) {
      fixed("cohortSize", existing.cohortSize(), cohortSize);
      fixed("cohortBy", existing.cohortBy(), cohortBy);
    }
    return new Competition(joinRequired, maxSize, maxAttempts, startsAt, endsAt, activeFor, cohortSize, cohortBy);
  }

  /** The longest {@code activeFor} can be: a period's nominal length, or the window of an all-time board. */
  private static Duration longest(PeriodKind period, Instant startsAt, Instant endsAt) {
    return switch (period) {
      case DAILY -> Duration.ofDays(1);
      case WEEKLY -> Duration.ofDays(7);
      case MONTHLY -> Duration.ofDays(31);
      case ALL_TIME -> startsAt != null && endsAt != null ? Duration.between(startsAt, endsAt) : Board.ALL_TIME_SPAN;
    };
  }

  private static void fixed(String field, Object was, Object now) {
    if (!java.util.Objects.equals(was, now)) {
      throw Refusal.BOARD_CONFLICT.exception(field, was, now, "the period's cohorts were placed by it");
    }
  }

  private static Integer intField(JsonObject spec, String field, Integer existing, long min, long max) {
    Long v = Fields.removableInteger(spec, field, existing == null ? null : existing.longValue(), min, max);
    return v == null ? null : v.intValue();
  }

  /** A text field of a PUT, read by {@code parse}: absent keeps {@code existing}, {@code null} removes it. */
  private static <T> T textField(JsonObject spec, String field, T existing, BiFunction<String, String, T> parse) {
    if (!spec.containsKey(field)) {
      return existing;
    }
    return spec.getValue(field) == null ? null : parse.apply(field, Fields.string(spec, "", field, null));
  }

  private static Instant instant(String field, String s) {
    try {
      return Instant.from(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(s));
    } catch (DateTimeParseException e) {
      throw Refusal.invalid(field, "must be an RFC 3339 instant such as 2026-05-01T18:00:00Z (got '"
          + s + "')");
    }
  }

  private static Duration duration(String field, String s) {
    Duration d;
    try {
      d = Duration.parse(s);
    } catch (DateTimeParseException e) {
      throw Refusal.invalid(field, "must be an ISO-8601 duration such as PT48H or P2DT12H (got '" + s
          + "')");
    }
    if (d.isNegative() || d.isZero() || d.toMillis() % 1000 != 0) {
      throw Refusal.invalid(field, "must be positive, in whole seconds (got '" + s + "')");
    }
    return d;
  }

  /**
   * Why an action at {@code now} in period {@code p} is outside the running window, or {@code null} when
   * inside: before {@code startsAt}, from {@code endsAt} on, or past the period's first {@code activeFor}.
   */
  public String outsideWindow(Period p, Instant now) {
    if (startsAt != null && now.isBefore(startsAt)) {
      return "the board runs from startsAt " + startsAt + (endsAt == null ? "" : " to endsAt " + endsAt)
          + "; it is " + now;
    }
    if (endsAt != null && !now.isBefore(endsAt)) {
      return "the board ran until endsAt " + endsAt + "; it is " + now;
    }
    if (activeFor != null && p != null && !now.isBefore(activeEnd(p))) {
      return "period " + p.id() + " takes events during its first activeFor " + activeFor + ", until "
          + activeEnd(p) + "; it is " + now;
    }
    return null;
  }

  /** Where submits to period {@code p} stop being taken: the earliest of endsAt and the end of activeFor. */
  public Instant activeEnd(Period p) {
    Instant end = p.end();
    if (activeFor != null && p.start().plus(activeFor).isBefore(end)) {
      end = p.start().plus(activeFor);
    }
    if (endsAt != null && endsAt.isBefore(end)) {
      end = endsAt;
    }
    return end;
  }

  /** The window as the API shows it: {@code {startsAt?, endsAt?, activeUntil}} for period {@code p}. */
  public JsonObject window(Period p) {
    JsonObject w = new JsonObject();
    if (startsAt != null) {
      w.put("startsAt", startsAt.toString());
    }
    if (endsAt != null) {
      w.put("endsAt", endsAt.toString());
    }
    if (p != null) {
      w.put("activeUntil", activeEnd(p).toString());
    }
    return w;
  }

  /** The fields that are set, as the definition shows them ({@code joinRequired} always). */
  void show(JsonObject definition) {
    definition.put("joinRequired", joinRequired);
    Fields.putIfSet(definition, "maxSize", maxSize);
    Fields.putIfSet(definition, "maxAttempts", maxAttempts);
    Fields.putIfSet(definition, "startsAt", startsAt == null ? null : startsAt.toString());
    Fields.putIfSet(definition, "endsAt", endsAt == null ? null : endsAt.toString());
    Fields.putIfSet(definition, "activeFor", activeFor == null ? null : activeFor.toString());
    Fields.putIfSet(definition, "cohortSize", cohortSize);
    Fields.putIfSet(definition, "cohortBy", cohortBy);
  }

  static Competition fromStored(JsonObject j) {
    return new Competition(j.getBoolean("joinRequired", false), j.getInteger("maxSize"), j.getInteger("maxAttempts"),
        j.getString("startsAt") == null ? null : Instant.parse(j.getString("startsAt")),
        j.getString("endsAt") == null ? null : Instant.parse(j.getString("endsAt")),
        j.getString("activeFor") == null ? null : Duration.parse(j.getString("activeFor")), j.getInteger("cohortSize"),
        j.getString("cohortBy"));
  }
}
