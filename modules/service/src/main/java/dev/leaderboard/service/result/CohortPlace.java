package dev.leaderboard.service.result;

/**
 * A user's cohort and rank within it ({@code cohortRank} {@code null} when the user has no score), as
 * a user's entry, boards and standings show it: a flat component, absent for a user in no cohort.
 */
public record CohortPlace(long cohort, Long cohortRank) implements Answer {
}
