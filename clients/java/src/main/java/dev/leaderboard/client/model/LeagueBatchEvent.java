package dev.leaderboard.client.model;

/**
 * Where one event of a league batch went.
 *
 * @param index position of the event in the batch
 * @param tier the member's tier; null for an event held until the previous period's moves are applied
 * @param cohort the member's cohort in the period's tier
 * @param rank the member's rank in the cohort once the batch was applied; null without a cohort
 * @param zone where that rank would move the member if the period closed now; null without a cohort
 * @param pending true for an event held until the previous period's moves are applied, else null
 */
public record LeagueBatchEvent(int index, String userId, String tier, String period, Long cohort, Long rank,
    String zone, Boolean pending) {
}
