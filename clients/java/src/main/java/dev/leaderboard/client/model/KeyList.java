package dev.leaderboard.client.model;

import java.util.List;

/**
 * The API keys.
 */
public record KeyList(List<Key> keys) {
}
