package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A page of a closed league period's recorded moves.
 *
 * @param movement the filter; null for every move
 * @param total moves the filter keeps
 * @param offset the page's first move's place; null on a page asked for by key
 * @param counts every move of the period, by movement
 * @param next the key of the page after this one (give it as {@code after}); null on the last page
 */
public record LeagueMovePage(String league, String period, String movement, long total, Long offset, int limit,
    Map<String, Long> counts, List<LeagueMove> moves, String next) {
}
