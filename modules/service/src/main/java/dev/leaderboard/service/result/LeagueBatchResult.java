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
 * each event applied, found a duplicate or held, where it landed (tier, cohort, rank in it and zone)
 * or waits ({@code events}) in batch order.
 */
public record LeagueBatchResult(String league, @AnswerJson.Flat BatchResult batch, int pending, List<Event> events)
    implements Answer {
  /** An event of the batch that was applied, found a duplicate or held: its index in the batch, period and user. */
  public record Landed(int index, String period, String userId) {
  }

  /**
   * Where an event landed: the member's cohort, rank in it and zone once the batch was applied
   * ({@code cohort}, {@code rank} and {@code zone} null when the member holds no place in the period);
   * a held event has {@code pending} true and no tier yet.
   */
  public record Event(int index, String userId, String tier, String period, Long cohort, Long rank, String zone,
      @AnswerJson.IfSet Boolean pending) implements Answer {
  }

  /** A member's place in the period after the batch: cohort, rank in it and zone. */
  public record Place(long cohort, Long rank, String zone) {
  }

  public static LeagueBatchResult of(String league, BatchResult batch, List<Landed> landed, Map<Integer, String> tiers,
      Map<Integer, Place> places, Map<Integer, Landed> held) {
    Map<Integer, Event> events = new TreeMap<>();
    landed.forEach(x -> {
      Place place = places.get(x.index());
      events.put(x.index(), place == null
          ? new Event(x.index(), x.userId(), tiers.get(x.index()), x.period(), null, null, null, null)
          : new Event(x.index(), x.userId(), tiers.get(x.index()), x.period(), place.cohort(), place.rank(),
              place.zone(), null));
    });
    held.values().forEach(x -> events.put(x.index(), new Event(x.index(), x.userId(), null, x.period(), null, null,
        null, true)));
    return new LeagueBatchResult(league, batch, held.size(), List.copyOf(events.values()));
  }

  public static final Function<JsonObject, LeagueBatchResult> FROM_JSON = AnswerJson.reader(LeagueBatchResult.class);
}
