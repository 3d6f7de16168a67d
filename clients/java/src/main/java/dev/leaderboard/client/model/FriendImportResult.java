package dev.leaderboard.client.model;

import java.util.List;

/**
 * Friends imported, and the IDs refused.
 */
public record FriendImportResult(String userId, long added, long already, List<FriendRefusal> refused) {
}
