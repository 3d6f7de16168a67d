package dev.leaderboard.client.model;

import java.util.List;

/**
 * A league's definition.
 *
 * @param tiers Tier names, lowest first
 * @param timezone IANA time zone (default UTC)
 * @param createdAt Epoch milliseconds
 */
public record League(List<String> tiers, long cohortSize, Object promote, Object relegate, String period,
    String timezone, String order, String operator, Boolean autoJoin, Boolean dropInactive, String league,
    long createdAt) {
}
