package dev.leaderboard.client.model;

import java.util.Map;

/**
 * Whether the node serves: {@code UP} when every check is.
 *
 * @param status {@code UP} or {@code DOWN}
 * @param checks each check by name ({@code redis}, {@code cluster}, {@code boards})
 */
public record Readiness(String status, Map<String, HealthCheck> checks) {
}
