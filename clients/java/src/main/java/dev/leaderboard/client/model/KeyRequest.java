package dev.leaderboard.client.model;

import java.util.List;

/**
 * A new API key's name, scopes and limits.
 *
 * @param name 1-64 characters naming the key's holder
 * @param scopes any of {@code read}, {@code submit}, {@code friends}, {@code admin}
 * @param boards the boards the key serves; null for every board
 * @param expiresAt when the key stops working (epoch ms); null for never
 */
public record KeyRequest(String name, List<String> scopes, List<String> boards, Long expiresAt) {
}
