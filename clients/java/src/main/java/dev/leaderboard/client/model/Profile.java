package dev.leaderboard.client.model;

import java.util.Map;

/** A player's profile; each field but {@code userId} {@code null} when not set. */
public record Profile(String userId, String displayName, String avatarUrl, String country, Map<String, Object> data) {
}
