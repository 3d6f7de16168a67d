package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A user's standing as moderation sees it.
 *
 * @param entries The user's entries on live periods, with rank and total
 * @param heldByBan Entries the ban holds back (no rank)
 */
public record ModeratedUser(String userId, boolean banned, Ban ban, Map<String, Object> profile,
    List<ModeratedPeriod> entries, List<ModeratedPeriod> heldByBan) {
}
