package dev.leaderboard.client.model;

/**
 * A ban in force.
 *
 * @param erasing Present while the user is being erased
 */
public record Ban(String reason, long since, Boolean erasing) {
}
