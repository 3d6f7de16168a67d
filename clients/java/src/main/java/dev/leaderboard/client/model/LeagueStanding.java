package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A member's standing in their tier's cohort.
 *
 * @param rank Rank in the cohort (unique)
 * @param entries The cohort's entries, best first (reads; a score's answer leaves them out)
 * @param tier the tier; null in the answer to a score held until the previous period's moves are applied
 * @param applied A score's answer: as for a board's submit
 * @param pending A score's answer: true when the score is held until the previous period's moves are
 *     applied (it lands then, in the tier they give), else null
 */
public record LeagueStanding(String league, String userId, String period, String tier, Long cohort,
    Long rank, String zone, List<Map<String, Object>> entries, Boolean applied, Boolean changed, Long score,
    Long at, Boolean pending) {
}
