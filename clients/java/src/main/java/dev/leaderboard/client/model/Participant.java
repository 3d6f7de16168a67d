package dev.leaderboard.client.model;

/**
 * A participant of a period.
 */
public record Participant(String userId, long joinedAt, Long cohort) {
}
