package dev.leaderboard.client.model;

import java.util.List;

/**
 * The webhook deliveries of a board's archived periods.
 */
public record Deliveries(String board, List<Delivery> deliveries) {
}
