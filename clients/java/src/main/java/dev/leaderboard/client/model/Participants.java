package dev.leaderboard.client.model;

import java.util.List;

/**
 * A page of a period's participants.
 */
public record Participants(String board, String period, long total, long offset, int limit,
    List<Participant> participants) {
}
