package dev.leaderboard.service.result;

import dev.leaderboard.service.result.LeagueClosed.Counts;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A league's closed periods, newest first, each with its recorded moves counted by movement. */
@DataObject
public interface LeaguePeriods extends Answer {
  String league();

  List<Item> periods();

  /** A closed period: {@code {period, moves, up, down, stay, dropped}}, {@code moves} all its moves. */
  record Item(String period, long moves, @AnswerJson.Flat Counts counts) implements Answer {
  }

  /** @param periods newest first */
  static LeaguePeriods of(String league, List<Item> periods) {
    return new Fields(league, periods);
  }

  static LeaguePeriods fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields. */
  record Fields(String league, List<Item> periods) implements LeaguePeriods {
  }
}
