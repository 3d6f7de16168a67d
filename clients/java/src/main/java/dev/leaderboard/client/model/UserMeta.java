package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A user's stored metadata after an update.
 */
public record UserMeta(String board, String period, String userId, Map<String, Object> meta) {
}
