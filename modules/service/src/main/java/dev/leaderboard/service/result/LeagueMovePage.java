package dev.leaderboard.service.result;

import dev.leaderboard.archive.LeagueMoveStore.Move;
import dev.leaderboard.service.result.LeagueClosed.Counts;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * A page of a closed league period's moves, each {@code {userId, from, to, cohort, cohortRank, score,
 * movement}}; {@code movement} the filter (null: every move), {@code total} the moves it matches,
 * {@code counts} every move of the period by movement; {@code offset} the page's first move's place
 * (absent on a page asked for by key), {@code next} the key of the page after it ({@code null}: the last).
 */
public record LeagueMovePage(String league, String period, String movement, long total,
    @AnswerJson.IfSet Long offset, int limit, Counts counts, List<Move> moves, String next) implements Answer {
  public static LeagueMovePage of(String league, String period, String movement, long total, Long offset, int limit,
      Counts counts, List<Move> moves, String next) {
    return new LeagueMovePage(league, period, movement, total, offset, limit, counts, moves, next);
  }

  public static final Function<JsonObject, LeagueMovePage> FROM_JSON = AnswerJson.reader(LeagueMovePage.class);
}
