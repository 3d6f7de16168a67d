package dev.leaderboard.client.model;

import java.util.List;

/**
 * A new API key, with its secret (shown once).
 *
 * @param boards Present when the key is limited to these boards
 * @param expiresAt Present when the key expires
 * @param key The key, {@code lb_<id>_<secret>}: shown this once, send it as {@code Authorization:
 *     Bearer <key>}
 */
public record NewKey(String id, String name, List<String> scopes, List<String> boards, Long expiresAt,
    long createdAt, String key) {
}
