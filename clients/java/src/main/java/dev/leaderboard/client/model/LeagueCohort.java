package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A cohort of a league's tier, ranked among itself, each member with their zone.
 *
 * @param size members placed in the cohort
 * @param missing members without a score in the period
 * @param partial present while a shard is down: who was left out and why
 */
public record LeagueCohort(String league, String tier, String period, long cohort, int size,
    List<LeagueCohortEntry> entries, List<LeagueCohortMissing> missing, Map<String, Object> partial) {
}
