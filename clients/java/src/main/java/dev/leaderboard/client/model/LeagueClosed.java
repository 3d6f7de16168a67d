package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A league period closed: how many members moved each way, and the first moves.
 *
 * @param total moves recorded, one per member
 * @param counts moves by movement ({@code up}, {@code down}, {@code stay}, {@code dropped})
 * @param moves the first 1,000 by user ID; {@code leagueMoves} pages through all of them
 */
public record LeagueClosed(String league, String period, long total, Map<String, Long> counts,
    List<LeagueMove> moves) {
}
