package dev.leaderboard.client.model;

/**
 * A reward claimed.
 */
public record RewardClaimed(long id, long claimedAt) {
}
