package dev.leaderboard.client.model;

import java.util.List;

/**
 * A user's friends.
 */
public record FriendList(String userId, long count, List<String> friends) {
}
