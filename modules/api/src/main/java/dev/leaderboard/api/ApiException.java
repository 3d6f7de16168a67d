package dev.leaderboard.api;

/** A request the HTTP layer itself refuses (unreadable body, bad query string) before calling the service. */
final class ApiException extends RuntimeException {
  private final int status;
  private final String code;

  ApiException(int status, String code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
  }

  static ApiException invalid(String field, String rule) {
    return new ApiException(400, "invalid_field", field + " " + rule);
  }

  int status() {
    return status;
  }

  String code() {
    return code;
  }
}
