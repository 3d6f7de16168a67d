package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A cohort of a league's tier in one period: its entries in the tier board's unique order, each with
 * the member's zone, and the members without a score ({@code missing}); {@code partial} when a
 * shard did not answer, else absent.
 */
@DataObject
public interface LeagueCohort extends Answer {
  String league();

  String tier();

  String period();

  long cohort();

  int size();

  List<Ranked> entries();

  List<Missing> missing();

  /** What the cohort leaves out while a shard is down; {@code null} when it is complete. */
  Partial partial();

  /** A member with a score: the cohort's entry and the zone ({@code null}: none). */
  record Ranked(@AnswerJson.Flat CohortBoard.Member entry, String zone) implements Answer {
  }

  /** A member without a score and the zone. */
  record Missing(String userId, String zone) implements Answer {
  }

  static LeagueCohort of(String league, String tier, String period, long cohort, int size, List<Ranked> entries,
      List<Missing> missing, Partial partial) {
    return new Fields(league, tier, period, cohort, size, entries, missing, partial);
  }

  static LeagueCohort fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String league, String tier, String period, long cohort, int size, List<Ranked> entries,
      List<Missing> missing, @AnswerJson.Flat Partial partial) implements LeagueCohort {
  }
}
