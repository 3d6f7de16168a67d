package dev.leaderboard.client.model;

import java.util.Map;

/**
 * An entry of a board: a user, the score, the rank.
 *
 * @param at When the user reached the score
 * @param percentile The share of the period's entries (of the group's, on a friend board) not ranked
 *     ahead of this one, in percent: {@code round(100 × (total − ahead) / total, 2)}, rounded half up to
 *     two decimals and always written with a decimal point ({@code 100.0}, {@code 66.67}). {@code ahead}
 *     counts, in {@code unique} mode, the entries ordered before this one (rank − 1); in {@code
 *     competition} and {@code dense} modes, the entries with a strictly better score, so tied entries
 *     share a percentile as they share a rank. 100 for a leader; 100 / total for a sole last
 * @param profile The user's profile as it is now; {@code null} when the user has none
 */
public record Entry(long rank, String userId, long score, long at, double percentile,
    Map<String, Object> meta, Map<String, Long> keys, EntryProfile profile) {
}
