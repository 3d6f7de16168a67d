package dev.leaderboard.client.model;

/**
 * The score a rank needs.
 *
 * @param rank The rank asked about
 * @param total The period's entries
 * @param entry The entry holding the rank (its rank in {@code rankMode}); {@code null} when fewer entries rank
 * @param score The holder's score
 * @param needed The worst score that ranks {@code rank} or better if reached now; {@code null} when no score the
 *     board takes does
 * @param user With {@code userId}
 */
public record RankTarget(String board, String period, String rankMode, long rank, long total, Entry entry,
    Long score, Long needed, RankTargetUser user) {
}
