package dev.leaderboard.client.model;

import java.util.List;

/**
 * A ban placed, with the entries it holds back.
 *
 * @param held The periods whose entry this call took out of the board and holds back
 */
public record BanResult(String userId, boolean banned, String reason, long since,
    List<ModeratedPeriod> held) {
}
