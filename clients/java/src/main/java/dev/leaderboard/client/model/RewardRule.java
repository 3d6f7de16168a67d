package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A board's rule giving a reward to ranks of a closed period.
 *
 * @param ranks {@code [from, to]}: the ranks from {@code from} to {@code to}, both included
 * @param topPercent The ranks up to {@code ceil(total × topPercent / 100)}, {@code total} the users
 *     ranked (in the cohort on a board with cohorts)
 * @param reward The payload, any JSON object of at most 1,024 bytes serialized; the API keeps it as
 *     given
 */
public record RewardRule(List<Long> ranks, Double topPercent, Map<String, Object> reward) {
}
