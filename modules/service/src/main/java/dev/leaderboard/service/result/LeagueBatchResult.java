package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * A batch of league scores: the boards' batch answer ({@link BatchResult}: counts, conflicts,
 * rejections, failures by event index) with {@code league} and, for each event applied or found a
 * duplicate, {@code events: [{index, userId, tier, period, cohort}]} in batch order ({@code cohort}
 * null when the member holds no place in the period).
 */
@DataObject
public final class LeagueBatchResult extends JsonAnswer {
  public LeagueBatchResult(JsonObject json) {
    super(json);
  }

  /** An event of the batch that was applied or found a duplicate: its index in the batch, period and user. */
  public record Landed(int index, String period, String userId) {
  }

  public static LeagueBatchResult of(String league, BatchResult batch, List<Landed> landed, Map<Integer, String> tiers,
      Map<Integer, Long> cohorts) {
    JsonArray events = new JsonArray();
    for (Landed x : landed) {
      Long cohort = cohorts.get(x.index());
      events.add(new JsonObject().put("index", x.index()).put("userId", x.userId()).put("tier", tiers.get(x.index()))
          .put("period", x.period()).put("cohort", cohort == null || cohort == 0 ? null : cohort));
    }
    return new LeagueBatchResult(new JsonObject().put("league", league).mergeIn(batch.toJson()).put("events", events));
  }
}
