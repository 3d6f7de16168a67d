package dev.leaderboard.client.model;

import java.util.List;

/**
 * A cohort of a league's tier, ranked among itself, each member with their zone.
 *
 * @param size members placed in the cohort
 * @param missing members without a score in the period
 * @param partial true while a shard is down (then {@code globalRank} is null), else null
 * @param unreachable with {@code partial}: the members left out
 * @param reason with {@code partial}: why
 */
public record LeagueCohort(String league, String tier, String period, long cohort, int size,
    List<LeagueCohortEntry> entries, List<LeagueCohortMissing> missing, Boolean partial, List<String> unreachable,
    String reason) {
}
