package dev.leaderboard.service.result;

import dev.leaderboard.service.result.LeagueClosed.Counts;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/** A league's closed periods, newest first, each with its recorded moves counted by movement. */
public record LeaguePeriods(String league, List<Item> periods) implements Answer {
  /** A closed period: {@code {period, moves, up, down, stay, dropped}}, {@code moves} all its moves. */
  public record Item(String period, long moves, @AnswerJson.Flat Counts counts) implements Answer {
  }

  /** @param periods newest first */
  public static LeaguePeriods of(String league, List<Item> periods) {
    return new LeaguePeriods(league, periods);
  }

  public static final Function<JsonObject, LeaguePeriods> FROM_JSON = AnswerJson.reader(LeaguePeriods.class);
}
