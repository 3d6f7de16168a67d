package dev.leaderboard.client.model;

import java.util.List;

/**
 * A league's closed periods, newest first.
 */
public record LeaguePeriods(String league, List<LeaguePeriod> periods) {
}
