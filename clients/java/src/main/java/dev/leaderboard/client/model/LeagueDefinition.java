package dev.leaderboard.client.model;

import java.util.List;
import java.util.Map;

/**
 * A league: tiers of boards (lowest first) whose members play in cohorts and move up or down at
 * each period's close.
 *
 * @param tiers the tiers' board names, lowest first
 * @param cohortSize members per cohort
 * @param promote how many of a cohort move up: an {@code Integer}, or a {@code String} percentage such as {@code "10%"}
 * @param relegate how many of a cohort move down, as {@code promote}
 * @param period {@code daily}, {@code weekly} or {@code monthly}
 * @param timezone the IANA time zone periods start in; null for UTC
 * @param order {@code desc} or {@code asc}; null for the node's default
 * @param operator the tiers' operator; null for the node's default
 * @param autoJoin a first score joins the member to the lowest tier
 * @param dropInactive members without a score in a period leave the league at its close
 * @param graceSeconds how long after its end a period takes late scores (a new period's scores wait
 *     for its close); null for the node's default (10)
 * @param archiveEventTop how many top entries and moves each tier's period event carries; null for 100
 * @param webhook {@code {url, secret}} where each tier's period event is POSTed; null for none
 * @param rewards per tier, the reward rules paid on the cohort rank at each close; null for none
 */
public record LeagueDefinition(List<String> tiers, int cohortSize, Object promote, Object relegate, String period,
    String timezone, String order, String operator, Boolean autoJoin, Boolean dropInactive, Long graceSeconds,
    Integer archiveEventTop, Map<String, Object> webhook, Map<String, List<RewardRule>> rewards) {

  /** A league with the node's defaults for what is not given. */
  public static LeagueDefinition of(List<String> tiers, int cohortSize, Object promote, Object relegate,
      String period) {
    return new LeagueDefinition(tiers, cohortSize, promote, relegate, period, null, null, null, null, null, null, null,
        null, null);
  }
}
