package dev.leaderboard.client.model;

/**
 * A closed league period and how many of its members moved each way.
 *
 * @param moves all recorded moves of the period
 */
public record LeaguePeriod(String period, long moves, long up, long down, long stay, long dropped) {
}
