package dev.leaderboard.client.model;

import java.util.List;

/**
 * A user's standing across a board's periods.
 */
public record History(String board, String userId, EntryProfile profile, List<HistoryPeriod> periods) {
}
