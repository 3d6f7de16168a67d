package dev.leaderboard.client;

import java.time.Duration;
import java.util.Optional;

/**
 * The one exception of the client: the node refused a call (its HTTP status and the JSON error it
 * answered), the node could not be reached (status 0, code {@value #UNREACHABLE}), or a 2xx answer
 * was not the JSON the operation answers (code {@code invalid_answer}).
 *
 * <p>{@link #code()} is the node's stable error code ({@code invalid_field}, {@code board_not_found},
 * {@code rate_limited}, ...; docs/api.md lists them all, {@link ErrorCode} with their statuses), {@link #field()} the request field an
 * {@code invalid_field} refusal names, {@link #getMessage()} the node's explanation.
 */
public final class ApiException extends RuntimeException {
  /** The code of a call that got no answer: the node could not be reached or the connection broke. */
  public static final String UNREACHABLE = "unreachable";
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;
  private final String field;
  private final String limit;
  private final Integer attemptsLeft;
  private final Duration retryAfter;

  ApiException(int status, String code, String message, String field, String limit, Integer attemptsLeft,
      Duration retryAfter, Throwable cause) {
    super(message, cause);
    this.status = status;
    this.code = code;
    this.field = field;
    this.limit = limit;
    this.attemptsLeft = attemptsLeft;
    this.retryAfter = retryAfter;
  }

  static ApiException unreachable(String what, Throwable cause) {
    return new ApiException(0, UNREACHABLE, what + ": " + cause, null, null, null, null, cause);
  }

  /** The HTTP status of the answer; 0 when there was none. */
  public int status() {
    return status;
  }

  /** The node's error code, e.g. {@code invalid_field}. */
  public String code() {
    return code;
  }

  /**
   * The node's error code as an {@link ErrorCode}, or {@code null} for a code the node does not answer
   * ({@value #UNREACHABLE}, {@code invalid_answer}, or a code of a newer node).
   */
  public ErrorCode errorCode() {
    return ErrorCode.of(code);
  }

  /** The request field the refusal names (an {@code invalid_field} refusal), e.g. {@code value} or {@code limit}. */
  public Optional<String> field() {
    return Optional.ofNullable(field);
  }

  /** The rate limit a 429 {@code rate_limited} ran into: {@code read}, {@code submit}, {@code friends}, {@code admin} or {@code public}. */
  public Optional<String> limit() {
    return Optional.ofNullable(limit);
  }

  /** On a board with {@code maxAttempts}: the user's attempts left in the period. */
  public Optional<Integer> attemptsLeft() {
    return Optional.ofNullable(attemptsLeft);
  }

  /** How long the node asked to wait before a retry ({@code Retry-After}), if it did. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }

  /** True for the answers a call may be retried after: 429 and 503. */
  public boolean retryable() {
    return status == 429 || status == 503;
  }
}
