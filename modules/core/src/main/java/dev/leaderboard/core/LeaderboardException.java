package dev.leaderboard.core;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceException;
import io.vertx.serviceproxy.ServiceExceptionMessageCodec;
import java.util.List;

/**
 * The one exception type of the product: a request that cannot be served, with the HTTP status
 * and the stable error code the API reports. Caller mistakes are 4xx; a store that does not answer
 * is {@link StoreUnavailableException} (503). Anything else that fails a request is a bug (500).
 *
 * <p>It is the {@link ServiceException} event-bus callers receive: {@code failureCode} the status,
 * {@code debugInfo} {@code {"error": code}}, once {@link #registerCodecs} ran on both ends.
 */
public class LeaderboardException extends ServiceException {
  private final String code;
  private final Throwable cause;

  public LeaderboardException(int status, String code, String message) {
    this(status, code, message, null);
  }

  public LeaderboardException(int status, String code, String message, Throwable cause) {
    super(status, message, new JsonObject().put("error", code));
    this.code = code;
    this.cause = cause;
  }

  public int status() {
    return failureCode();
  }

  /** The store's own failure, for the node's log (never sent on the event bus). */
  @Override
  public synchronized Throwable getCause() {
    return cause;
  }

  public String code() {
    return code;
  }

  /** Adds a field the error answer carries beside {@code error} and {@code message} (also on the event bus). */
  public LeaderboardException with(String field, Object value) {
    getDebugInfo().put(field, value);
    return this;
  }

  /**
   * 400: a field the caller sent breaks a rule; the message names the field and the rule, and the
   * answer's {@code field} the field (its path, such as {@code events[3].value}).
   */
  public static LeaderboardException invalid(String field, String rule) {
    return new LeaderboardException(400, "invalid_field", field + " " + rule).with("field", field);
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

  /**
   * Sends this type and its subclasses on the event bus as {@link ServiceException}s: the bus picks a
   * reply's codec by its exact class (and the receiver by its name). Again on one Vert.x: a no-op.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static void registerCodecs(EventBus bus) {
    for (Class type : List.of(LeaderboardException.class, OverloadedException.class, StoreUnavailableException.class)) {
      try {
        bus.registerDefaultCodec(type, new ServiceExceptionMessageCodec() {
          public String name() {
            return type.getName();
          }
        });
      } catch (IllegalStateException registeredAlready) {
        // by another verticle or proxy of this Vert.x
      }
    }
  }
}
