package dev.leaderboard.client.model;

import java.util.List;

/**
 * A board's hot and archived periods.
 */
public record Periods(String board, List<PeriodInfo> periods) {
}
