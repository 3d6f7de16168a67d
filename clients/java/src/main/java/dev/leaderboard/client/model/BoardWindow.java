package dev.leaderboard.client.model;

/**
 * When a board's periods take events.
 *
 * @param activeUntil When the period stops taking events
 */
public record BoardWindow(String startsAt, String endsAt, String activeUntil) {
}
