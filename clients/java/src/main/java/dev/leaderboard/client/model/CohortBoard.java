package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A cohort of a period, ranked among itself.
 *
 * @param size Members placed in the cohort
 * @param missing Members without a score in the period
 * @param partial Present while a shard is down: who was left out and why
 */
public record CohortBoard(String board, String period, long cohort, int size, String rankMode,
    List<CohortEntry> entries, List<String> missing, Map<String, Object> partial) {
}
