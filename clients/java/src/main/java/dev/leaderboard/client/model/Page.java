package dev.leaderboard.client.model;

import java.util.List;

/**
 * A page of a board, best first.
 *
 * @param total Entries in the period
 */
public record Page(String board, String period, long total, long offset, long limit, String rankMode,
    List<Entry> entries) {
}
