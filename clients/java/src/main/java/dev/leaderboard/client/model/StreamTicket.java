package dev.leaderboard.client.model;

/**
 * A single-use ticket that opens one live stream.
 *
 * @param ticket st_ and 43 URL-safe Base64 characters; opens one stream
 */
public record StreamTicket(String ticket, String expiresAt) {
}
