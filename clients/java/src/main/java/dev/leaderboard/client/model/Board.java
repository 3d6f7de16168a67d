package dev.leaderboard.client.model;

import java.util.List;

/**
 * A board's definition with its derived limits.
 *
 * @param sortKeys The board's sort keys; absent when it has none
 * @param maxStep The plausibility limit; absent when the board has none
 * @param rewards The board's reward rules; absent (with {@code rewardRankMode}) when it has none
 * @param webhook The board's webhook, if it has one; its secret is never shown
 * @param origin Instant tie offsets of an all-time board count from
 * @param maxSize Absent when the board has none
 * @param maxAttempts Absent when the board has none
 * @param startsAt Absent when the board has none
 * @param endsAt Absent when the board has none
 * @param activeFor ISO-8601; absent when the board has none
 * @param cohortSize Absent when the board has no cohorts
 * @param cohortBy Absent when the board has none
 */
public record Board(String board, String order, String operator, String period, String timezone,
    long maxScore, long minScore, List<SortKey> sortKeys, String tieResolution, int retainPeriods,
    long graceSeconds, int partitions, Boolean denseRanks, Boolean rankOnSubmit, Long dedupeSeconds,
    Boolean publicReads, Boolean clientWrites, Long maxStep, Integer archiveEventTop,
    List<RewardRule> rewards, String rewardRankMode, WebhookInfo webhook, long createdAt, long origin,
    BoardLimits limits, Boolean joinRequired, Integer maxSize, Integer maxAttempts, String startsAt,
    String endsAt, String activeFor, Integer cohortSize, String cohortBy) {
}
