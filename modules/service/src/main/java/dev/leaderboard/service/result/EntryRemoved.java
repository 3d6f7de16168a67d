package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * An entry removed by a moderator: its score, time and sort keys as they were, and whether it was
 * an entry held back by a ban ({@code heldByBan}) rather than a ranked one.
 */
public record EntryRemoved(String board, String period, String userId, boolean removed, long score, long at,
    @AnswerJson.IfSet JsonObject keys, boolean heldByBan) implements Answer {
  public static EntryRemoved of(String board, String period, String userId, long score, long at, JsonObject keys,
      boolean heldByBan) {
    return new EntryRemoved(board, period, userId, true, score, at, keys, heldByBan);
  }

  public static final Function<JsonObject, EntryRemoved> FROM_JSON = AnswerJson.reader(EntryRemoved.class);
}
