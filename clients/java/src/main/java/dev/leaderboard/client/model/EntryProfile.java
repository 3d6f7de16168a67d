package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A user's profile as reads that list users show it, as it is at the time of the read; each field
 * {@code null} when not set.
 */
public record EntryProfile(String displayName, String avatarUrl, String country, Map<String, Object> data) {
}
