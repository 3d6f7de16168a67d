package dev.leaderboard.client.model;

import java.util.List;

/**
 * An API key (never its secret).
 *
 * @param boards Present when the key is limited to these boards
 * @param expiresAt Present when the key expires
 */
public record Key(String id, String name, List<String> scopes, List<String> boards, Long expiresAt,
    long createdAt) {
}
