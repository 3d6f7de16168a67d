package dev.leaderboard.client.model;

import java.util.List;

/**
 * The entries around a user.
 *
 * @param offset Position of the first entry of the window
 */
public record Around(String board, String period, String userId, long total, long offset, String rankMode,
    List<Entry> entries) {
}
