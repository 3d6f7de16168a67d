package dev.leaderboard.archive;

/**
 * A user's final standing in one archived period: {@code position} its 0-based unique order,
 * {@code total} the period's size at its close; {@code cohort} the user's placement in the period
 * and {@code cohortRank} its unique rank among the archived entries of that cohort (both null when
 * the user was placed in no cohort); {@code reward} the user's reward of the period (null without one).
 */
public record ArchivedStanding(String period, long position, long score, long competitionRank, long total, Long cohort,
    Long cohortRank, String reward) {
}
