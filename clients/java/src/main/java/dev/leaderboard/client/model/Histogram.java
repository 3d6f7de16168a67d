package dev.leaderboard.client.model;

import java.util.List;

/**
 * The distribution of a period's scores.
 *
 * @param total The entries counted (the sum of the buckets)
 * @param buckets Lowest scores first
 */
public record Histogram(String board, String period, long total, List<HistogramBucket> buckets) {
}
