package dev.leaderboard.client.model;

import java.util.List;

/**
 * A league batch's outcome: the boards' batch counts and refusals, and where each event went.
 *
 * @param events each event applied or found a duplicate, in batch order
 */
public record LeagueBatchResult(long applied, long duplicate, long conflict, List<EventProblem> conflicts,
    long rejected, List<EventProblem> rejections, long failed, List<EventProblem> failures, String league,
    List<LeagueBatchEvent> events) {
}
