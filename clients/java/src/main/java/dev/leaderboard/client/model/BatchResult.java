package dev.leaderboard.client.model;

import java.util.List;

/**
 * Counts per outcome of a batch, and its refused events.
 *
 * @param conflict Events with the outcome {@code conflict}
 * @param conflicts Events whose {@code eventId} was already used for the user, within the board's
 *     {@code dedupeSeconds}, with another payload (error {@code event_id_conflict}): nothing changed for
 *     them and the first event stands; not retryable (a new event needs a new {@code eventId}).
 * @param rejections Events refused for what they are (nothing changed for them)
 * @param failures Events whose shard did not answer (e.g. {@code shard_unavailable}): each may or may
 *     not have been applied, so retry it with the same {@code eventId}. {@code write_unconfirmed}: applied
 *     on its master, not confirmed by its replicas; retry it with the same {@code eventId} too. The other
 *     events of the batch stand.
 */
public record BatchResult(long applied, long duplicate, long conflict, List<EventProblem> conflicts,
    long rejected, List<EventProblem> rejections, long failed, List<EventProblem> failures) {
}
