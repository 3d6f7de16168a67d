package dev.leaderboard.client.model;

/**
 * A friend removed.
 */
public record FriendUnlink(String userId, String friendId, boolean removed) {
}
