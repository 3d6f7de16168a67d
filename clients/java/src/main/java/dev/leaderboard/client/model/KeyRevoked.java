package dev.leaderboard.client.model;

/**
 * A key revoked.
 */
public record KeyRevoked(String id, boolean revoked) {
}
