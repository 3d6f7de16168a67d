package dev.leaderboard.client.model;

/**
 * A board's webhook (its secret is never shown).
 */
public record WebhookInfo(String url, boolean hasSecret) {
}
