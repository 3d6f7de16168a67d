package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A league's definition.
 *
 * @param tiers Tier names, lowest first
 * @param timezone IANA time zone (default UTC)
 * @param graceSeconds how long after its end a period takes late scores
 * @param archiveEventTop how many top entries and moves each tier's period event carries
 * @param webhook where each tier's period event is POSTed (the secret never shown); null for none
 * @param rewards per tier, the reward rules paid on the cohort rank
 * @param createdAt Epoch milliseconds
 */
public record League(List<String> tiers, long cohortSize, Object promote, Object relegate, String period,
    String timezone, String order, String operator, Boolean autoJoin, Boolean dropInactive, Long graceSeconds,
    Integer archiveEventTop, WebhookInfo webhook, Map<String, List<RewardRule>> rewards, String league,
    long createdAt) {
}
