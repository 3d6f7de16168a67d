package dev.leaderboard.client.model;

import java.util.Map;

/**
 * An entry of a friend board, with the user's global rank.
 *
 * @param at When the user reached the score
 * @param percentile The share of the period's entries (of the group's, on a friend board) not ranked
 *     ahead of this one, in percent: {@code round(100 × (total − ahead) / total, 2)}, rounded half up to
 *     two decimals and always written with a decimal point ({@code 100.0}, {@code 66.67}). {@code ahead}
 *     counts, in {@code unique} mode, the entries ordered before this one (rank − 1); in {@code
 *     competition} and {@code dense} modes, the entries with a strictly better score, so tied entries
 *     share a percentile as they share a rank. 100 for a leader; 100 / total for a sole last
 * @param globalRank Unique rank on the whole board (only with {@code globalRanks=true}); null while a
 *     Redis shard is down (the count needs every shard), the board then marked {@code partial}
 */
public record FriendEntry(long rank, String userId, long score, long at, double percentile,
    Map<String, Object> meta, Map<String, Long> keys, Long globalRank) {
}
