package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A page of a closed league period's recorded moves.
 *
 * @param movement the filter; null for every move
 * @param total moves the filter keeps
 * @param counts every move of the period, by movement
 */
public record LeagueMovePage(String league, String period, String movement, long total, long offset, int limit,
    Map<String, Long> counts, List<LeagueMove> moves) {
}
