package dev.leaderboard.client.model;

/**
 * A health check's outcome.
 *
 * @param status {@code UP} or {@code DOWN}
 * @param reason why it is down
 * @param detail more about it
 */
public record HealthCheck(String status, String reason, String detail) {
}
