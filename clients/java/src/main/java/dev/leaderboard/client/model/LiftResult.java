package dev.leaderboard.client.model;

import java.util.List;

/**
 * A ban lifted, with the entries it restored.
 *
 * @param restored The entries put back, with their scores and times
 */
public record LiftResult(String userId, boolean banned, List<ModeratedPeriod> restored) {
}
