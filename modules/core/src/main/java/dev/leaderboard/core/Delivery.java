package dev.leaderboard.core;

import io.vertx.core.json.JsonObject;
import java.util.Locale;

/**
 * Where the webhook delivery of one archived period stands, as stored and as the periods list shows it.
 *
 * @param eventId the event's ID, the same on every attempt (receivers deduplicate by it)
 * @param attempts POSTs made so far
 * @param lastError what the last failed attempt got ({@code HTTP 500}, a timeout, a refused connection), or null
 * @param nextAttemptAt when the next attempt is due (epoch ms), null when none is scheduled
 * @param deliveredAt when a 2xx answer came (epoch ms), null until then
 */
public record Delivery(State state, String eventId, int attempts, String lastError, Long nextAttemptAt,
    Long deliveredAt) {

  /**
   * {@code pending}: no attempt made yet; {@code delivering}: a node holds the delivery lease and
   * retries; {@code delivered}: a 2xx came; {@code cancelled}: the board's webhook was removed first.
   */
  public enum State implements WireName {
    PENDING, DELIVERING, DELIVERED, CANCELLED;

    /** Whether nothing is left to do. */
    public boolean finished() {
      return this == DELIVERED || this == CANCELLED;
    }
  }

  public static Delivery pending(String eventId) {
    return new Delivery(State.PENDING, eventId, 0, null, null, null);
  }

  /** An attempt is being made now. */
  public Delivery attempting() {
    return new Delivery(State.DELIVERING, eventId, attempts + 1, lastError, null, null);
  }

  /** The attempt failed with {@code error}; the next is due at {@code next}. */
  public Delivery failed(String error, long next) {
    return new Delivery(State.DELIVERING, eventId, attempts, error, next, null);
  }

  public Delivery delivered(long at) {
    return new Delivery(State.DELIVERED, eventId, attempts, lastError, null, at);
  }

  public Delivery cancelled() {
    return new Delivery(State.CANCELLED, eventId, attempts, lastError, null, null);
  }

  /** Sent again on request: a first attempt is due, the event and its ID stay; the attempts keep counting. */
  public Delivery again() {
    return new Delivery(State.PENDING, eventId, attempts, lastError, null, null);
  }

  /** Whether an attempt is being made now (no next attempt is scheduled yet). */
  public boolean attemptUnderWay() {
    return state == State.DELIVERING && nextAttemptAt == null;
  }

  public JsonObject toJson() {
    JsonObject out = new JsonObject().put("state", state.wireName()).put("eventId", eventId).put("attempts", attempts);
    Fields.putIfSet(out, "lastError", lastError);
    Fields.putIfSet(out, "nextAttemptAt", nextAttemptAt);
    Fields.putIfSet(out, "deliveredAt", deliveredAt);
    return out;
  }

  public static Delivery fromJson(JsonObject j) {
    return new Delivery(State.valueOf(j.getString("state").toUpperCase(Locale.ROOT)), j.getString("eventId"),
        j.getInteger("attempts", 0), j.getString("lastError"), j.getLong("nextAttemptAt"), j.getLong("deliveredAt"));
  }
}
