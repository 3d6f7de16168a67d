package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * What an erasure removed: whether it lifted a ban, the live periods that held an entry of the user,
 * the event records forgotten, participations, friend links, archived rows per period and in all,
 * rewards, league memberships and league moves.
 */
public record Erased(String userId, boolean erased, boolean banLifted, List<ModeratedEntry> periods,
    long eventRecords, int participations, List<String> friends, List<ArchivedRows> archived, long archivedRows,
    long rewards, List<String> leagues, long leagueMoves, boolean profile) implements Answer {
  /** The rows erased from one archived period. */
  public record ArchivedRows(String board, String period, long rows) implements Answer {
  }

  public static final Function<JsonObject, Erased> FROM_JSON = AnswerJson.reader(Erased.class);
}
