package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * The boards where the user takes part or has an entry in the current period, by board name: {@code
 * {userId, boards: [{board, period, participant, joinedAt?, score?, rank?, attemptsLeft?, window, cohort?,
 * cohortRank?}]}}.
 */
public record UserBoards(String userId, List<Item> boards) implements Answer {
  /**
   * The user's standing on one board's current period: {@code joinedAt} when a participant, the score
   * and rank when the user has an entry, the attempts left on a board with {@code maxAttempts}, the
   * period's running window, and the cohort and rank in it when placed in one.
   */
  public record Item(String board, String period, boolean participant, @AnswerJson.IfSet Long joinedAt,
      @AnswerJson.Flat Standing standing, @AnswerJson.IfSet Long attemptsLeft, JsonObject window,
      @AnswerJson.Flat CohortPlace cohort) implements Answer {
  }

  /** The user's score and unique rank on the board ({@code null} while not known: a shard is down). */
  public record Standing(long score, Long rank) implements Answer {
  }

  public static final Function<JsonObject, UserBoards> FROM_JSON = AnswerJson.reader(UserBoards.class);
}
