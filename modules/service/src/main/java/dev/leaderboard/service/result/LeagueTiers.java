package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/** A league's tiers in one period, lowest first. */
public record LeagueTiers(String league, String period, List<Tier> tiers) implements Answer {
  /** A tier: the members seated in it that period and how many cohorts they fill. */
  public record Tier(String tier, long members, long cohorts) implements Answer {
  }

  /** @param tiers lowest first */
  public static LeagueTiers of(String league, String period, List<Tier> tiers) {
    return new LeagueTiers(league, period, tiers);
  }

  public static final Function<JsonObject, LeagueTiers> FROM_JSON = AnswerJson.reader(LeagueTiers.class);
}
