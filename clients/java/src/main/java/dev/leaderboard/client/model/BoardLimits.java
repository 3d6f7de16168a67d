package dev.leaderboard.client.model;

/**
 * A board's derived limits: layout and score range.
 *
 * @param layout {@code packed}: one Redis score holds the score and the tie time (smallest memory);
 *     {@code wide}: the Redis score is the exact score and the member holds the sort keys, time and user
 *     ID
 * @param layoutReason Why the board has its layout, in words
 * @param scoreBits Bits for the score (packed: scoreBits + timeBits = 53; wide: 53)
 * @param timeBits Bits for the tie time
 * @param largestScore Largest maxScore this board can hold exactly
 * @param smallestScore Smallest minScore this board can hold (0 when packed)
 * @param acceptsEventsUntil All-time boards: the end of the time the tie bits cover (wide: the year
 *     10000)
 * @param longestPeriod Periodic boards: the longest period in {@code timeUnit}s
 */
public record BoardLimits(String layout, String layoutReason, long scoreBits, long timeBits,
    long largestScore, long smallestScore, String timeUnit, Long acceptsEventsUntil, Long longestPeriod) {
}
