package dev.leaderboard.client.model;

/**
 * A league member's tier.
 */
public record LeagueMember(String userId, String tier) {
}
