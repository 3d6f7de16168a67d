package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A user's standing on a board period by period, newest first: {@code {board, userId, periods:
 * [{period, rank, score, total, percentile, partial?, cohort?, cohortRank?, reward?}]}}, with the user's
 * {@code profile} as it is now when the user has one.
 */
public record StandingHistory(String board, String userId, @AnswerJson.IfSet JsonObject profile, List<Item> periods)
    implements Answer, Listing.OfUser<StandingHistory> {
  /**
   * The user's standing in one period; a current period read while a shard is down is {@code partial}
   * (rank, total and percentile {@code null}). {@code reward}: the user's reward of an archived period.
   */
  public record Item(String period, Long rank, long score, Long total, Double percentile, @AnswerJson.IfSet Boolean partial,
      @AnswerJson.Flat CohortPlace cohort, @AnswerJson.IfSet JsonObject reward) implements Answer {
  }

  public static StandingHistory of(String board, String userId, List<Item> periods) {
    return new StandingHistory(board, userId, null, periods);
  }

  @Override
  public StandingHistory withProfiles(Map<String, String> profiles) {
    return new StandingHistory(board, userId, Listing.profile(profiles.get(userId)), periods);
  }

  public static final Function<JsonObject, StandingHistory> FROM_JSON = AnswerJson.reader(StandingHistory.class);
}
