package dev.leaderboard.client.model;

import java.util.List;

/**
 * A user's rewards.
 */
public record UserRewards(String userId, String state, List<Reward> rewards) {
}
