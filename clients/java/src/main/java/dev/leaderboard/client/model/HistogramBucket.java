package dev.leaderboard.client.model;

/**
 * A score range and how many entries fall in it.
 *
 * @param from Lowest score of the bucket (inclusive)
 * @param to End of the bucket (exclusive)
 */
public record HistogramBucket(long from, long to, long count) {
}
