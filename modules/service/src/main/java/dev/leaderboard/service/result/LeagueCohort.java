package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A cohort of a league's tier in one period: its entries in the tier board's unique order, each with
 * the member's zone, and the members without a score ({@code missing}); {@code partial} when a
 * shard did not answer, else absent.
 *
 * @param partial What the cohort leaves out while a shard is down; {@code null} when it is complete.
 */
public record LeagueCohort(String league, String tier, String period, long cohort, int size, List<Ranked> entries,
    List<Missing> missing, @AnswerJson.Flat Partial partial) implements Answer, Listing<LeagueCohort> {
  /** A member with a score: the cohort's entry and the zone ({@code null}: none). */
  public record Ranked(@AnswerJson.Flat CohortBoard.Member entry, String zone) implements Answer {
  }

  /** A member without a score and the zone. */
  public record Missing(String userId, String zone) implements Answer {
  }

  public static LeagueCohort of(String league, String tier, String period, long cohort, int size, List<Ranked> entries,
      List<Missing> missing, Partial partial) {
    return new LeagueCohort(league, tier, period, cohort, size, entries, missing, partial);
  }

  @Override
  public List<String> listed() {
    return entries.stream().map(r -> r.entry().userId()).toList();
  }

  @Override
  public LeagueCohort withProfiles(Map<String, String> profiles) {
    List<Ranked> page = entries.stream().map(r -> new Ranked(r.entry().withProfile(profiles), r.zone())).toList();
    return of(league, tier, period, cohort, size, page, missing, partial);
  }

  public static final Function<JsonObject, LeagueCohort> FROM_JSON = AnswerJson.reader(LeagueCohort.class);
}
