package dev.leaderboard.client.model;

/**
 * Where one event of a league batch went.
 *
 * @param index position of the event in the batch
 * @param tier the member's tier; null for an event held until the previous period's moves are applied
 * @param cohort the member's cohort in the period's tier
 * @param pending true for an event held until the previous period's moves are applied, else null
 */
public record LeagueBatchEvent(int index, String userId, String tier, String period, Long cohort, Boolean pending) {
}
