package dev.leaderboard.client.model;

import java.util.Map;

/**
 * An entry of a cohort.
 *
 * @param rank Rank within the cohort
 * @param globalRank Rank on the whole board (null while a shard is down)
 */
public record CohortEntry(String userId, long score, long rank, Long globalRank, long at,
    Map<String, Long> keys, Map<String, Object> meta, EntryProfile profile) {
}
