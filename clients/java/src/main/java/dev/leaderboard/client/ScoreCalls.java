package dev.leaderboard.client;

import dev.leaderboard.client.model.BatchResult;
import dev.leaderboard.client.model.Event;
import dev.leaderboard.client.model.SubmitResult;
import dev.leaderboard.client.model.UserMeta;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Submitting score events (tag {@code scores}). Every event without an event ID gets a random UUID
 * before its first send, so a retry (after a 429 or 503) is recognised by the node and applied once.
 */
public final class ScoreCalls {
  private final Transport transport;

  ScoreCalls(Transport transport) {
    this.transport = transport;
  }

  /** Submits one event; the answer carries the user's rank as the board's {@code rankOnSubmit} says. */
  @Operation("submit")
  public SubmitResult submit(String board, Event event) {
    return submit(board, event, null);
  }

  /** Submits one event, answered with the user's rank or not ({@code rank}). */
  public SubmitResult submit(String board, Event event, Boolean rank) {
    return transport.send(Call.of("submit", "POST", "/v1/boards/{}/scores", board).param("rank", rank)
        .body(identified(event)), SubmitResult.class);
  }

  /** Submits up to 1,000 events, each judged on its own (scope {@code submit}; not for players). */
  @Operation("submitBatch")
  public BatchResult submitBatch(String board, List<Event> events) {
    return transport.send(Call.of("submitBatch", "POST", "/v1/boards/{}/scores/batch", board)
        .body(Map.of("events", events.stream().map(ScoreCalls::identified).toList())), BatchResult.class);
  }

  /** Replaces the metadata stored with the user's entry; {@code period} null for the current one. */
  @Operation("updateMeta")
  public UserMeta updateMeta(String board, String userId, Map<String, Object> meta, String period) {
    return transport.send(Call.of("updateMeta", "PATCH", "/v1/boards/{}/users/{}", board, userId)
        .param("period", period).body(Map.of("meta", meta)), UserMeta.class);
  }

  /** {@code event}, with a fresh event ID if it has none. */
  static Event identified(Event event) {
    return event.eventId() != null ? event : event.withEventId(UUID.randomUUID().toString());
  }
}
