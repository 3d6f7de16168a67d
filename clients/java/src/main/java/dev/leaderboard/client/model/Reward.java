package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A reward of a closed period.
 *
 * @param id The reward's ID, for {@code claimReward}
 * @param userId In a period's rewards only
 * @param rank The final rank the rules read (the cohort rank on a board with cohorts)
 * @param cohort The user's cohort; absent on a board without cohorts
 * @param reward The rule's payload
 * @param claimedAt When it was claimed; null while unclaimed
 */
public record Reward(long id, String board, String period, String userId, long rank, long score, Long cohort,
    Map<String, Object> reward, long createdAt, Long claimedAt) {
}
