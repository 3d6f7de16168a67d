package dev.leaderboard.client.model;

/**
 * A friend added.
 */
public record FriendLink(String userId, String friendId, boolean added) {
}
