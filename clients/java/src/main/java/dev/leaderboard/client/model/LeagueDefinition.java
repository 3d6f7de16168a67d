package dev.leaderboard.client.model;

import java.util.List;

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
 */
public record LeagueDefinition(List<String> tiers, int cohortSize, Object promote, Object relegate, String period,
    String timezone, String order, String operator, Boolean autoJoin, Boolean dropInactive) {

  /** A league with the node's defaults for what is not given. */
  public static LeagueDefinition of(List<String> tiers, int cohortSize, Object promote, Object relegate,
      String period) {
    return new LeagueDefinition(tiers, cohortSize, promote, relegate, period, null, null, null, null, null);
  }
}
