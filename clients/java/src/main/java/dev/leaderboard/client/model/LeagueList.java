package dev.leaderboard.client.model;

import java.util.List;

/**
 * Every league.
 */
public record LeagueList(List<League> leagues) {
}
