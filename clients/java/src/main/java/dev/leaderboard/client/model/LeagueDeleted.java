package dev.leaderboard.client.model;

/**
 * A league deleted.
 */
public record LeagueDeleted(String league, boolean deleted) {
}
