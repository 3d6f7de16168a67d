package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/**
 * A batch of league scores: {@code league}, the boards' batch answer ({@link BatchResult}: counts,
 * conflicts, rejections, failures by event index) and, for each event applied or found a duplicate,
 * where it landed ({@code events}) in batch order.
 */
@DataObject
public interface LeagueBatchResult extends Answer {
  String league();

  BatchResult batch();

  List<Event> events();

  /** An event of the batch that was applied or found a duplicate: its index in the batch, period and user. */
  record Landed(int index, String period, String userId) {
  }

  /** Where an event landed: {@code cohort} null when the member holds no place in the period. */
  record Event(int index, String userId, String tier, String period, Long cohort) implements Answer {
  }

  static LeagueBatchResult of(String league, BatchResult batch, List<Landed> landed, Map<Integer, String> tiers,
      Map<Integer, Long> cohorts) {
    return new Fields(league, batch, landed.stream().map(x -> {
      Long cohort = cohorts.get(x.index());
      return new Event(x.index(), x.userId(), tiers.get(x.index()), x.period(), cohort == null || cohort == 0 ? null
          : cohort);
    }).toList());
  }

  static LeagueBatchResult fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String league, @AnswerJson.Flat BatchResult batch, List<Event> events) implements LeagueBatchResult {
  }
}
