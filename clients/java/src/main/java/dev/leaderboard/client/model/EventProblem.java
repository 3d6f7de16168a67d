package dev.leaderboard.client.model;

/**
 * An event of a batch that was refused, by its index in the batch.
 *
 * @param index Position of the event in {@code events}
 */
public record EventProblem(long index, String error, String message) {
}
