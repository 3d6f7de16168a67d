package dev.leaderboard.service.result;

import dev.leaderboard.core.RankMode;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * The rank {@code score} would have in {@code rankMode} if an entry reached it now, among the
 * period's {@code total} entries (after every equal score in unique mode); with {@code userId}, as if
 * that user's entry held it instead of their own score.
 */
public record ScoreRank(String board, String period, RankMode rankMode, long score, long rank, long total,
    @AnswerJson.IfSet String userId) implements Answer {
  public static final Function<JsonObject, ScoreRank> FROM_JSON = AnswerJson.reader(ScoreRank.class);
}
