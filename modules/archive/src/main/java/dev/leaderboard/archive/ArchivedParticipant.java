package dev.leaderboard.archive;

/**
 * A participant of an archived period, as the period held them at its close.
 *
 * @param position the participant's place in join order, from 0
 * @param cohort 0 on a board without cohorts
 */
public record ArchivedParticipant(long position, String userId, long joinedAt, long cohort) {
}
