package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A member's closed league periods, newest first. */
@DataObject
public interface LeagueHistory extends Answer {
  String league();

  String userId();

  List<Step> periods();

  /**
   * A closed period: {@code tier} the one the member competed in, their cohort, rank in it, score,
   * movement and the tier they went {@code to}; {@code reward} what that tier's board gave the member
   * for the period, absent when it gave none.
   */
  record Step(String period, String tier, Long cohort, Long cohortRank, Long score, String movement, String to,
      @AnswerJson.IfSet JsonObject reward) implements Answer {
  }

  static LeagueHistory of(String league, String userId, List<LeagueMoveStore.Step> steps) {
    return new Fields(league, userId, steps.stream().map(s -> new Step(s.period(), s.move().from(), s.move().cohort(),
        s.move().cohortRank(), s.move().score(), s.move().movement(), s.move().to(),
        s.reward() == null ? null : new JsonObject(s.reward()))).toList());
  }

  static LeagueHistory fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String league, String userId, List<Step> periods) implements LeagueHistory {
  }
}
