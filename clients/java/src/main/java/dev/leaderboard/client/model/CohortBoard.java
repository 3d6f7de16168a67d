package dev.leaderboard.client.model;

import java.util.List;

/**
 * A cohort of a period, ranked among itself.
 *
 * @param size Members placed in the cohort
 * @param missing Members without a score in the period
 * @param partial true while a shard is down (then {@code globalRank} is null), else null
 * @param unreachable with {@code partial}: the members left out
 * @param reason with {@code partial}: why
 */
public record CohortBoard(String board, String period, long cohort, int size, String rankMode,
    List<CohortEntry> entries, List<String> missing, Boolean partial, List<String> unreachable, String reason) {
}
