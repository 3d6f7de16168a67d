package dev.leaderboard.client.model;

/**
 * Where one event of a league batch went.
 *
 * @param index position of the event in the batch
 * @param cohort the member's cohort in the period's tier
 */
public record LeagueBatchEvent(int index, String userId, String tier, String period, Long cohort) {
}
