package dev.leaderboard.client.model;

import java.util.List;

/**
 * The entries of a list of users.
 *
 * @param total Entries in the period; null when partial
 * @param missing The requested IDs without a score (among those whose shard answered)
 * @param partial Present (true) when a Redis shard did not answer
 */
public record RanksResult(String board, String period, Long total, String rankMode,
    List<PartialEntry> entries, List<String> missing, Boolean partial, List<String> unreachable,
    String reason) {
}
