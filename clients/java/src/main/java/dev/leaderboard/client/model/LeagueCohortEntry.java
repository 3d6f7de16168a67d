package dev.leaderboard.client.model;

import java.util.Map;

/**
 * A member's entry in a league cohort.
 *
 * @param rank rank within the cohort (unique)
 * @param globalRank rank on the whole tier (null while a shard is down)
 * @param zone {@code promotion}, {@code stay} or {@code relegation}
 */
public record LeagueCohortEntry(String userId, long score, long rank, Long globalRank, long at,
    Map<String, Object> meta, EntryProfile profile, String zone) {
}
