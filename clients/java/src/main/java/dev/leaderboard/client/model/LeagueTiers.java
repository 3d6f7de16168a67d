package dev.leaderboard.client.model;

import java.util.List;

/**
 * A league's tiers in a period, lowest first.
 *
 * @param tiers per tier, the members seated in it in the period and the cohorts they fill
 */
public record LeagueTiers(String league, String period, List<LeagueTier> tiers) {
}
