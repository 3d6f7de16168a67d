package dev.leaderboard.client.model;

import java.util.List;

/**
 * A closed period's rewards.
 */
public record PeriodRewards(String board, String period, long total, long offset, List<Reward> rewards) {
}
