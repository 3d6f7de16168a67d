package dev.leaderboard.client.model;

import java.util.List;

/**
 * A member's moves across a league's periods.
 */
public record LeagueHistory(String league, String userId, EntryProfile profile, List<LeagueHistoryPeriod> periods) {
}
