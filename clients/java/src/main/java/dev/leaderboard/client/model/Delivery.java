package dev.leaderboard.client.model;

/**
 * A webhook delivery of an archived period.
 *
 * @param period The delivery's period (in {@code deliveries} and {@code redeliver} only)
 * @param eventId The event's X-Leaderboard-Event-Id
 * @param attempts POSTs made so far
 * @param lastError What the last failed attempt got (e.g. HTTP 500, a timeout)
 * @param nextAttemptAt When the next attempt is due
 * @param deliveredAt When the receiver answered 2xx
 */
public record Delivery(String period, String state, String eventId, int attempts, String lastError,
    Long nextAttemptAt, Long deliveredAt) {
}
