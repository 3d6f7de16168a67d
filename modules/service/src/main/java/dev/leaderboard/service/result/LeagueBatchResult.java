package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A batch of league scores: {@code league}, the boards' batch answer ({@link BatchResult}: counts,
 * conflicts, rejections, failures by event index), how many events are held until the previous
 * period's moves are applied ({@code pending}: they land then, in the tier those moves give) and, for
 * each event applied, found a duplicate or held, where it landed or waits ({@code events}) in batch order.
 */
public record LeagueBatchResult(String league, @AnswerJson.Flat BatchResult batch, int pending, List<Event> events)
    implements Answer {
  /** An event of the batch that was applied, found a duplicate or held: its index in the batch, period and user. */
  public record Landed(int index, String period, String userId) {
  }

  /**
   * Where an event landed: {@code cohort} null when the member holds no place in the period; a held
   * event has {@code pending} true and no tier yet.
   */
  public record Event(int index, String userId, String tier, String period, Long cohort,
      @AnswerJson.IfSet Boolean pending) implements Answer {
  }

  public static LeagueBatchResult of(String league, BatchResult batch, List<Landed> landed, Map<Integer, String> tiers,
      Map<Integer, Long> cohorts, Map<Integer, Landed> held) {
    Map<Integer, Event> events = new TreeMap<>();
    landed.forEach(x -> {
      Long cohort = cohorts.get(x.index());
      events.put(x.index(), new Event(x.index(), x.userId(), tiers.get(x.index()), x.period(),
          cohort == null || cohort == 0 ? null : cohort, null));
    });
    held.values().forEach(x -> events.put(x.index(), new Event(x.index(), x.userId(), null, x.period(), null, true)));
    return new LeagueBatchResult(league, batch, held.size(), List.copyOf(events.values()));
  }

  public static final Function<JsonObject, LeagueBatchResult> FROM_JSON = AnswerJson.reader(LeagueBatchResult.class);
}
