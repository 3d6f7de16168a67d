package dev.leaderboard.service.result;

import dev.leaderboard.core.PeriodState;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/** A closed period: archived with {@code size} entries at {@code archivedAt} (epoch ms). */
public record PeriodClosed(String board, String period, PeriodState state, long size, long archivedAt)
    implements Answer {
  public static PeriodClosed of(String board, String period, long size, long archivedAt) {
    return new PeriodClosed(board, period, PeriodState.ARCHIVED, size, archivedAt);
  }

  public static final Function<JsonObject, PeriodClosed> FROM_JSON = AnswerJson.reader(PeriodClosed.class);
}
