package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A batch of league scores: {@code league}, the boards' batch answer ({@link BatchResult}: counts,
 * conflicts, rejections, failures by event index) and, for each event applied or found a duplicate,
 * where it landed ({@code events}) in batch order.
 */
public record LeagueBatchResult(String league, @AnswerJson.Flat BatchResult batch, List<Event> events)
    implements Answer {
  /** An event of the batch that was applied or found a duplicate: its index in the batch, period and user. */
  public record Landed(int index, String period, String userId) {
  }

  /** Where an event landed: {@code cohort} null when the member holds no place in the period. */
  public record Event(int index, String userId, String tier, String period, Long cohort) implements Answer {
  }

  public static LeagueBatchResult of(String league, BatchResult batch, List<Landed> landed, Map<Integer, String> tiers,
      Map<Integer, Long> cohorts) {
    return new LeagueBatchResult(league, batch, landed.stream().map(x -> {
      Long cohort = cohorts.get(x.index());
      return new Event(x.index(), x.userId(), tiers.get(x.index()), x.period(), cohort == null || cohort == 0 ? null
          : cohort);
    }).toList());
  }

  public static final Function<JsonObject, LeagueBatchResult> FROM_JSON = AnswerJson.reader(LeagueBatchResult.class);
}
