package dev.leaderboard.archive;

/**
 * A user's final standing in one archived period: {@code position} its 0-based unique order,
 * {@code total} the period's size at its close; {@code cohort}, {@code rewardRank} and
 * {@code reward} from the user's reward of the period (null without one).
 */
public record ArchivedStanding(String period, long position, long score, long competitionRank, long total, Long cohort,
    Long rewardRank, String reward) {
}
