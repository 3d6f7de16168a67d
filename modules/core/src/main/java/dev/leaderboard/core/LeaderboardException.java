package dev.leaderboard.core;

import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.serviceproxy.ServiceException;
import io.vertx.serviceproxy.ServiceExceptionMessageCodec;
import java.util.List;

/**
 * The one exception type of the product: a request that cannot be served, with the HTTP status
 * and the stable error code the API reports. Caller mistakes are 4xx; a store that does not answer
 * is {@link StoreUnavailableException} (503). Anything else that fails a request is a bug (500). Its code,
 * status and message come from the catalogue, {@link Refusal}.
 *
 * <p>It is the {@link ServiceException} event-bus callers receive: {@code failureCode} the status,
 * {@code debugInfo} {@code {"error": code}}, once {@link #registerCodecs} ran on both ends.
 */
public class LeaderboardException extends ServiceException {
  private final Refusal refusal;
  private final Throwable cause;

  /** Made by {@link Refusal#exception} and the subclasses here only: every refusal comes from the catalogue. */
  LeaderboardException(Refusal refusal, String message, Throwable cause) {
    super(refusal.status(), message, new JsonObject().put("error", refusal.code()));
    this.refusal = refusal;
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
    return refusal.code();
  }

  public Refusal refusal() {
    return refusal;
  }

  /**
   * Adds a field the error answer carries beside {@code error} and {@code message} (also on the event bus):
   * one of its refusal's {@link Refusal#fields()}.
   */
  public LeaderboardException with(String field, Object value) {
    if (!refusal.fields().contains(field)) {
      throw new IllegalArgumentException(refusal.code() + " answers carry no field " + field);
    }
    getDebugInfo().put(field, value);
    return this;
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
