package dev.leaderboard.core;

/**
 * The one exception family of the product: a request that cannot be served, with the HTTP status
 * and the stable error code the API reports. Caller mistakes are 4xx; a store that does not answer
 * is {@link StoreUnavailableException} (503). Anything else that fails a request is a bug (500).
 */
public class LeaderboardException extends RuntimeException {
  private final int status;
  private final String code;

  public LeaderboardException(int status, String code, String message) {
    this(status, code, message, null);
  }

  protected LeaderboardException(int status, String code, String message, Throwable cause) {
    super(message, cause, false, false);
    this.status = status;
    this.code = code;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  /** 400: a field the caller sent breaks a rule; the message names the field and the rule. */
  public static LeaderboardException invalid(String field, String rule) {
    return new LeaderboardException(400, "invalid_field", field + " " + rule);
  }

  public static LeaderboardException boardNotFound(String board) {
    return new LeaderboardException(404, "board_not_found",
        "board '" + board + "' does not exist; create it with PUT /v1/boards/" + board);
  }

  public static LeaderboardException userNotFound(String board, String period, String userId) {
    return new LeaderboardException(404, "user_not_found",
        "user '" + userId + "' has no score on board '" + board + "' in period " + period);
  }

  /** 400 with a code of its own (e.g. an unreadable body). */
  public static LeaderboardException badRequest(String code, String message) {
    return new LeaderboardException(400, code, message);
  }

  public static LeaderboardException conflict(String code, String message) {
    return new LeaderboardException(409, code, message);
  }

  public static LeaderboardException unprocessable(String code, String message) {
    return new LeaderboardException(422, code, message);
  }
}
