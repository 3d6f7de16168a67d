package dev.leaderboard.client.model;

import java.util.List;

/**
 * A league batch's outcome: the boards' batch counts and refusals, and where each event went.
 *
 * @param pending events held until the previous period's moves are applied (they land then)
 * @param events each event applied, found a duplicate or held, in batch order
 */
public record LeagueBatchResult(long applied, long duplicate, long conflict, List<EventProblem> conflicts,
    long rejected, List<EventProblem> rejections, long failed, List<EventProblem> failures, String league,
    long pending, List<LeagueBatchEvent> events) {
}
