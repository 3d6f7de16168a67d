package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A user's entry on a board.
 *
 * @param at When the user reached the score
 * @param percentile Null when the answer is partial. The share of the period's entries (of the
 *     group's, on a friend board) not ranked ahead of this one, in percent: {@code round(100 × (total −
 *     ahead) / total, 2)}, rounded half up to two decimals and always written with a decimal point ({@code
 *     100.0}, {@code 66.67}). {@code ahead} counts, in {@code unique} mode, the entries ordered before
 *     this one (rank − 1); in {@code competition} and {@code dense} modes, the entries with a strictly
 *     better score, so tied entries share a percentile as they share a rank. 100 for a leader; 100 / total
 *     for a sole last
 * @param partial Present (true) when a shard holding other users is down: the user's score and time
 *     are exact, {@code rank}, {@code percentile} and {@code total} are null
 * @param unavailable With {@code partial}: which shard is down (by its index)
 * @param cohort On a board with cohorts: the user's cohort
 * @param cohortRank On a board with cohorts: the rank within it
 */
public record UserEntry(Long rank, String userId, long score, long at, Double percentile,
    Map<String, Object> meta, Map<String, Long> keys, String period, Long total, Boolean partial,
    String unavailable, Long cohort, Long cohortRank) {
}
