package dev.leaderboard.store;

/**
 * How one Redis endpoint answered a PING.
 *
 * @param endpoint the endpoint as it may be shown ({@code redis://host:port}, never credentials)
 * @param up whether it answered PONG within the timeout
 * @param ms how long the answer (or the failure) took, in milliseconds
 * @param error why it is down, or {@code null} when up
 */
public record EndpointHealth(String endpoint, boolean up, double ms, String error) {
}
