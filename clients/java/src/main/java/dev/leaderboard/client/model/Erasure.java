package dev.leaderboard.client.model;

import java.util.List;

/**
 * What erasing a user removed.
 *
 * @param banLifted The user had a ban, now gone with the rest
 * @param periods The hot periods an entry (or a held-back one) was removed from
 * @param eventRecords Idempotency records removed
 * @param participations The hot periods the user had joined (now left)
 * @param friends The friends unlinked (both sides)
 * @param rewards The user's rewards removed
 * @param profile The user had a profile, now removed
 */
public record Erasure(String userId, boolean erased, boolean banLifted, List<ModeratedPeriod> periods,
    long eventRecords, Integer participations, List<String> friends, List<ErasedArchive> archived,
    long archivedRows, Long rewards, Boolean profile) {
}
