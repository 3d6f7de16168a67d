package dev.leaderboard.store.scores;

/**
 * Counts over all partitions of a board period.
 *
 * @param total members in the period
 * @param before for each pivot entry, the members ordered before it
 * @param strictlyBetter for each score, the members whose score is strictly better
 */
public record RankCounts(long total, long[] before, long[] strictlyBetter) {
}
