package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A league's tiers in one period, lowest first. */
@DataObject
public interface LeagueTiers extends Answer {
  String league();

  String period();

  List<Tier> tiers();

  /** A tier: the members seated in it that period and how many cohorts they fill. */
  record Tier(String tier, long members, long cohorts) implements Answer {
  }

  /** @param tiers lowest first */
  static LeagueTiers of(String league, String period, List<Tier> tiers) {
    return new Fields(league, period, tiers);
  }

  static LeagueTiers fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String league, String period, List<Tier> tiers) implements LeagueTiers {
  }
}
