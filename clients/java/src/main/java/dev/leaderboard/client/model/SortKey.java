package dev.leaderboard.client.model;

/**
 * A sort key of a board.
 *
 * @param order {@code asc}: a lower value ranks higher; {@code desc}: a higher value ranks higher
 */
public record SortKey(String name, String order, Long min, long max) {
}
