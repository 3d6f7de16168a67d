package dev.leaderboard.client.model;

/**
 * A friend ID that was refused, by its index.
 *
 * @param friendId The refused value as sent
 */
public record FriendRefusal(long index, String friendId, String error, String message) {
}
