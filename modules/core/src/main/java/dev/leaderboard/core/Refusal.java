package dev.leaderboard.core;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The catalogue of refusals: every error code the API answers, defined once with its HTTP status,
 * its message template (a {@link String#format} pattern, filled in by the site that refuses), the
 * fields its answer carries beside {@code error} and {@code message}, and whether it says when to
 * retry ({@code Retry-After}). Every {@link LeaderboardException} and every error answer of the HTTP
 * layer is made from a constant of it; the contract ({@code openapi.yaml}), docs/api.md and the
 * clients' lists of codes are checked against it.
 *
 * <p>A template of {@code "%s"} alone marks a code that covers several situations (a
 * {@link #FORBIDDEN} for a missing scope or for a player outside its rule): its site says which.
 */
public enum Refusal {
  BAD_REQUEST(400, "%s"),
  /** Built by {@link #invalid}: the message is the field and the rule it breaks, the answer names the field. */
  INVALID_FIELD(400, "%s %s", List.of("field"), RetryAfter.NONE),
  INVALID_JSON(400, "%s"),
  INVALID_PATH(400, "%s"),
  NO_COHORTS(400, "board %s has no cohorts (no cohortSize)"),
  UNAUTHENTICATED(401, "%s"),
  FORBIDDEN(403, "%s"),
  BANNED(403, "user '%s' is banned: their events and joins are refused and change nothing until the ban is lifted"),
  NOT_JOINED(403, "user '%1$s' has not joined period %2$s of board %3$s, which takes events of participants only"
      + " (POST /v1/boards/%3$s/participants); nothing changed"),
  ORIGIN_NOT_ALLOWED(403, "%s"),
  NOT_FOUND(404, "no such resource: %s %s"),
  BOARD_NOT_FOUND(404, "board '%1$s' does not exist; create it with PUT /v1/boards/%1$s"),
  LEAGUE_NOT_FOUND(404, "league '%1$s' does not exist; create it with PUT /v1/leagues/%1$s"),
  TIER_NOT_FOUND(404, "league '%s' has no tier '%s'; its tiers are %s"),
  PERIOD_NOT_FOUND(404, "league '%1$s' has not closed period %2$s; its closed periods are at GET /v1/leagues/%1$s/periods"),
  /** The last argument says how to join ({@code ""} on a league with autoJoin). */
  NOT_A_MEMBER(404, "user '%s' is not a member of league '%s'%s"),
  /** Arguments: board, period, user. */
  USER_NOT_FOUND(404, "user '%3$s' has no score on board '%1$s' in period %2$s"),
  /** Arguments: period, what it is of ({@code board b} or {@code tier 't' of league 'l'}), the cohort. */
  COHORT_NOT_FOUND(404, "period %s of %s has no cohort %s"),
  KEY_NOT_FOUND(404, "there is no API key %s (revoked already?)"),
  NOT_BANNED(404, "user '%s' is not banned"),
  DELIVERY_NOT_FOUND(404, "board %1$s has no webhook delivery for period '%2$s' (GET /v1/boards/%1$s/deliveries lists them)"),
  PROFILE_NOT_FOUND(404, "user '%1$s' has no profile; create it with PUT /v1/users/%1$s/profile"),
  REWARD_NOT_FOUND(404, "user '%s' has no reward %s"),
  METRICS_DISABLED(404, "this node runs without a Prometheus metrics registry; the launcher (LeaderboardApp) enables it"),
  METHOD_NOT_ALLOWED(405, "%s is not allowed on %s"),
  REQUEST_TIMEOUT(408, "the request body did not arrive within %s ms of its headers; send the whole body at once"),
  /** Arguments: the field, its value, the value asked for, why it is fixed. */
  BOARD_CONFLICT(409, "%s cannot change on an existing board (it is %s, got %s): %s; delete the board and create it again"),
  LEAGUE_CONFLICT(409, "%s cannot change on an existing league: it fixes its tier boards; delete the league and create it again"),
  EVENT_ID_CONFLICT(409, "eventId %s of user %s was used within the board's dedupeSeconds (%s s) by an event with another"
      + " operator, value or time: the first payload was kept and this event changed nothing; give each event its own eventId"),
  PERIOD_CLOSED(409, "period %s of board %s is closed: its ranking is final and this request changed nothing"),
  /** The argument is the period: {@code period p of board b} or {@code period p of league l}. */
  PERIOD_CLOSING(409, "%s is being closed by another node; ask again shortly"),
  PERIOD_NOT_STARTED(409, "period %s of board %s has not started (it starts at %s); only the current period or a past one"
      + " can be closed"),
  PERIOD_NOT_RETAINED(409, "period %s of board %s holds no data: %s; there is nothing to close"),
  ERASURE_UNDER_WAY(409, "user '%1$s' is being erased; run DELETE /v1/users/%1$s again to finish it"),
  /** The third argument names what is made of live periods only (histograms, ...). */
  PERIOD_ARCHIVED(409, "period %1$s of board %2$s is archived: %3$s are made of live periods only; read its final"
      + " ranking with GET /v1/boards/%2$s/entries?period=%1$s"),
  DELIVERY_IN_PROGRESS(409, "an attempt to deliver period %1$s of board %2$s is under way; see its outcome in"
      + " GET /v1/boards/%2$s/deliveries"),
  NO_WEBHOOK(409, "board %1$s has no webhook now; set one with PUT /v1/boards/%1$s first"),
  BOARD_FULL(409, "period %s of board %s holds its maxSize of %s participants; nothing changed"),
  ATTEMPTS_EXHAUSTED(409, "user '%s' has used the board's maxAttempts of %s in period %s; nothing changed",
      List.of("attemptsLeft"), RetryAfter.NONE),
  NOT_RUNNING(409, "board %s is not running: %s; nothing changed"),
  ALREADY_CLAIMED(409, "reward %s of user '%s' was claimed at %s"),
  PAYLOAD_TOO_LARGE(413, "the request body is larger than %s bytes"),
  URI_TOO_LONG(414, "the request line (method and URI) is too long"),
  UNSUPPORTED_MEDIA_TYPE(415, "the body must be sent with Content-Type: application/json (got %s)"),
  /** Arguments: the event's field, operator, value, old score, new score, the bound it breaks. */
  SCORE_OUT_OF_RANGE(422, "%s: %s of %s on a score of %s would give %s, %s; nothing changed"),
  /** Arguments: the event's field, operator, value, old score, a note, the change, the board's maxStep. */
  STEP_TOO_LARGE(422, "%s: %s of %s on a score of %s%s would change it by %s, more than the board's maxStep %s;"
      + " nothing changed"),
  /** Arguments: whose list is full, the limit, the user, the friend. */
  FRIEND_LIMIT(422, "the friend list of user '%1$s' is full: it holds the limit of %2$s friends; '%3$s' and '%4$s' were"
      + " not made friends and nothing changed (remove a friend of '%1$s' first)"),
  /** Arguments: the limit, its rate, per whom, the seconds until a token is there (also {@code Retry-After}). */
  RATE_LIMITED(429, "rate limit '%s' (%s per %s on this node) reached; nothing of this request was done; retry after %s s",
      List.of("limit"), RetryAfter.PER_USE),
  HEADERS_TOO_LARGE(431, "the request headers are too large"),
  INTERNAL(500, "internal error"),
  /** The argument names what does not run: {@code the leaderboard service}, {@code the audit log}, …. */
  SERVICE_UNAVAILABLE(503, "%s is not running on this node; retry"),
  /** Arguments: the shard's index, what it did. */
  SHARD_UNAVAILABLE(503, "Redis shard %s %s; retry later"),
  /** Arguments: the PostgreSQL store ({@code the archive} or {@code the audit log}), what it did. */
  ARCHIVE_UNAVAILABLE(503, "%s (PostgreSQL) %s; retry later"),
  /** The argument says what was full and that nothing of the request took effect. */
  OVERLOADED(503, "the node is overloaded: %s; retry after 1 s", List.of(), RetryAfter.seconds(1)),
  /** Arguments: the shard, the replicas that confirmed, the replicas wanted, the milliseconds waited. */
  WRITE_UNCONFIRMED(503, "Redis shard %s applied the write but %s of %s replicas confirmed it within %s ms, so a failover"
      + " could still lose it; retry after 1 s with the same eventId", List.of(), RetryAfter.seconds(1));

  private static final Map<String, Refusal> BY_CODE = Arrays.stream(values())
      .collect(Collectors.toUnmodifiableMap(Refusal::code, Function.identity()));

  private final String code;
  private final int status;
  private final String template;
  private final List<String> fields;
  private final RetryAfter retryAfter;

  Refusal(int status, String template) {
    this(status, template, List.of(), RetryAfter.NONE);
  }

  Refusal(int status, String template, List<String> fields, RetryAfter retryAfter) {
    this.code = name().toLowerCase(Locale.ROOT);
    this.status = status;
    this.template = template;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }

  /** Whether an answer says when to retry ({@code Retry-After}), and when. */
  public record RetryAfter(boolean given, int fixedSeconds) {
    /** No {@code Retry-After}. */
    public static final RetryAfter NONE = new RetryAfter(false, 0);
    /** Each answer says when: {@link #RETRY_AFTER_FIELD} or the HTTP layer's own reckoning. */
    public static final RetryAfter PER_USE = new RetryAfter(true, 0);

    public static RetryAfter seconds(int seconds) {
      return new RetryAfter(true, seconds);
    }
  }

  /** The stable code the API answers ({@code period_closed}). */
  public String code() {
    return code;
  }

  public int status() {
    return status;
  }

  public String template() {
    return template;
  }

  /** The fields the answer carries beside {@code error} and {@code message} ({@code field} of {@link #INVALID_FIELD}). */
  public List<String> fields() {
    return fields;
  }

  public RetryAfter retryAfter() {
    return retryAfter;
  }

  /** The {@code Retry-After} of every answer of this code; empty when there is none or each answer says its own. */
  public OptionalInt retryAfterSeconds() {
    return retryAfter.fixedSeconds() > 0 ? OptionalInt.of(retryAfter.fixedSeconds()) : OptionalInt.empty();
  }

  /** The message: the template filled in with {@code args}. */
  public String message(Object... args) {
    return String.format(Locale.ROOT, template, args);
  }

  /** The refusal as the exception a request fails with. */
  public LeaderboardException exception(Object... args) {
    return new LeaderboardException(this, message(args), null);
  }

  /** With the failure behind it, for the node's log (never sent). */
  public LeaderboardException exceptionCausedBy(Throwable cause, Object... args) {
    return new LeaderboardException(this, message(args), cause);
  }

  /**
   * 400 {@code invalid_field}: a field the caller sent breaks a rule; the message names the field and the
   * rule, and the answer's {@code field} the field (its path, such as {@code events[3].value}).
   */
  public static LeaderboardException invalid(String field, String rule) {
    return INVALID_FIELD.exception(field, rule).with("field", field);
  }

  /** The refusal of this code, or {@code null} when the API has none such. */
  public static Refusal ofCode(String code) {
    return BY_CODE.get(code);
  }
}
