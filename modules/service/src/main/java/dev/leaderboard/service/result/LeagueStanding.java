package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * A member's standing in a league's period: {@code {league, userId, period, tier, cohort, rank,
 * zone, entries}}; {@code cohort}, {@code rank} and {@code zone} null, {@code entries} empty, for a
 * member who has not scored in the period. A score's answer is the same with the submit's fields
 * ({@code applied}, {@code changed}, {@code score}, {@code at}).
 */
@DataObject
public final class LeagueStanding extends JsonAnswer {
  public LeagueStanding(JsonObject json) {
    super(json);
  }

  public static LeagueStanding of(String league, String userId, String period, String tier, Long cohort, Long rank,
      String zone, JsonArray entries) {
    return new LeagueStanding(new JsonObject().put("league", league).put("userId", userId).put("period", period)
        .put("tier", tier).put("cohort", cohort).put("rank", rank).put("zone", zone).put("entries", entries));
  }

  /** The standing as a score's answer: the submit's fields, the standing's without the cohort's entries. */
  public LeagueStanding scored(SubmitResult submit) {
    JsonObject out = json.copy();
    out.remove("entries");
    out.put("applied", submit.applied()).put("changed", submit.changed()).put("score", submit.score())
        .put("at", submit.at());
    return new LeagueStanding(submit.attemptsLeft() == null ? out : out.put("attemptsLeft", submit.attemptsLeft()));
  }
}
