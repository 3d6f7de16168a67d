package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A score event: the board's operator ({@code incr}, {@code set} or {@code best}) applied with
 * {@code value} to the user's score. The client gives an event without an {@code eventId} a random
 * UUID before it sends it, so that sending it again (a retry) is recognised and not applied twice.
 *
 * @param userId the user
 * @param value the value the board's operator applies
 * @param at when it happened (epoch ms), null for now; picks the period
 * @param eventId the event's ID, unique per user within the board's {@code dedupeSeconds}
 * @param meta a JSON object of at most 1,024 bytes stored with the entry; null keeps the stored one
 * @param keys the values of the board's sort keys, by name
 */
public record Event(String userId, long value, Long at, String eventId, Map<String, Object> meta,
    Map<String, Long> keys) {

  /** An event of {@code value} for {@code userId}, now, with an event ID the client picks. */
  public static Event of(String userId, long value) {
    return new Event(userId, value, null, null, null, null);
  }

  /** This event with {@code eventId}. */
  public Event withEventId(String eventId) {
    return new Event(userId, value, at, eventId, meta, keys);
  }

  /** This event as of {@code epochMillis}. */
  public Event at(long epochMillis) {
    return new Event(userId, value, epochMillis, eventId, meta, keys);
  }

  /** This event carrying {@code meta} to store with the entry. */
  public Event withMeta(Map<String, Object> meta) {
    return new Event(userId, value, at, eventId, meta, keys);
  }

  /** This event with the board's sort keys' values. */
  public Event withKeys(Map<String, Long> keys) {
    return new Event(userId, value, at, eventId, meta, keys);
  }
}
