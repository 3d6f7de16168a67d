package dev.leaderboard.client;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every error code the node answers, with the HTTP status it comes with (docs/api.md, "Errors", says
 * when each is answered). {@link ApiException#errorCode()} gives it; the client's own codes
 * ({@value ApiException#UNREACHABLE}, {@code invalid_answer}) and codes of a newer node are none of these.
 */
public enum ErrorCode {
  BAD_REQUEST("bad_request", 400),
  INVALID_FIELD("invalid_field", 400),
  INVALID_JSON("invalid_json", 400),
  INVALID_PATH("invalid_path", 400),
  NO_COHORTS("no_cohorts", 400),
  UNAUTHENTICATED("unauthenticated", 401),
  FORBIDDEN("forbidden", 403),
  BANNED("banned", 403),
  NOT_JOINED("not_joined", 403),
  ORIGIN_NOT_ALLOWED("origin_not_allowed", 403),
  NOT_FOUND("not_found", 404),
  BOARD_NOT_FOUND("board_not_found", 404),
  LEAGUE_NOT_FOUND("league_not_found", 404),
  TIER_NOT_FOUND("tier_not_found", 404),
  PERIOD_NOT_FOUND("period_not_found", 404),
  NOT_A_MEMBER("not_a_member", 404),
  USER_NOT_FOUND("user_not_found", 404),
  COHORT_NOT_FOUND("cohort_not_found", 404),
  KEY_NOT_FOUND("key_not_found", 404),
  NOT_BANNED("not_banned", 404),
  DELIVERY_NOT_FOUND("delivery_not_found", 404),
  PROFILE_NOT_FOUND("profile_not_found", 404),
  REWARD_NOT_FOUND("reward_not_found", 404),
  METRICS_DISABLED("metrics_disabled", 404),
  METHOD_NOT_ALLOWED("method_not_allowed", 405),
  REQUEST_TIMEOUT("request_timeout", 408),
  BOARD_CONFLICT("board_conflict", 409),
  LEAGUE_CONFLICT("league_conflict", 409),
  EVENT_ID_CONFLICT("event_id_conflict", 409),
  PERIOD_CLOSED("period_closed", 409),
  PERIOD_CLOSING("period_closing", 409),
  PERIOD_NOT_STARTED("period_not_started", 409),
  PERIOD_NOT_RETAINED("period_not_retained", 409),
  ERASURE_UNDER_WAY("erasure_under_way", 409),
  PERIOD_ARCHIVED("period_archived", 409),
  DELIVERY_IN_PROGRESS("delivery_in_progress", 409),
  NO_WEBHOOK("no_webhook", 409),
  BOARD_FULL("board_full", 409),
  ATTEMPTS_EXHAUSTED("attempts_exhausted", 409),
  NOT_RUNNING("not_running", 409),
  ALREADY_CLAIMED("already_claimed", 409),
  PAYLOAD_TOO_LARGE("payload_too_large", 413),
  URI_TOO_LONG("uri_too_long", 414),
  UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", 415),
  SCORE_OUT_OF_RANGE("score_out_of_range", 422),
  STEP_TOO_LARGE("step_too_large", 422),
  FRIEND_LIMIT("friend_limit", 422),
  RATE_LIMITED("rate_limited", 429),
  HEADERS_TOO_LARGE("headers_too_large", 431),
  INTERNAL("internal", 500),
  SERVICE_UNAVAILABLE("service_unavailable", 503),
  SHARD_UNAVAILABLE("shard_unavailable", 503),
  ARCHIVE_UNAVAILABLE("archive_unavailable", 503),
  OVERLOADED("overloaded", 503),
  WRITE_UNCONFIRMED("write_unconfirmed", 503);

  private static final Map<String, ErrorCode> BY_CODE = Arrays.stream(values())
      .collect(Collectors.toUnmodifiableMap(ErrorCode::code, Function.identity()));

  private final String code;
  private final int status;

  ErrorCode(String code, int status) {
    this.code = code;
    this.status = status;
  }

  /** The code as the node answers it, e.g. {@code invalid_field}. */
  public String code() {
    return code;
  }

  /** The HTTP status the node answers it with. */
  public int status() {
    return status;
  }

  /** The constant of this code, or {@code null} when the node has no such code. */
  public static ErrorCode of(String code) {
    return code == null ? null : BY_CODE.get(code);
  }
}
