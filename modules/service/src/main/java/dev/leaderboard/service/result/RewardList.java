package dev.leaderboard.service.result;

import dev.leaderboard.archive.Reward;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * Rewards of closed periods: a user's ({@code userId}, {@code state}, newest first) or a period's
 * ({@code board}, {@code period}, {@code total}, {@code offset}, best rank first), the fields of the
 * other kind absent.
 */
public record RewardList(@AnswerJson.IfSet String userId, @AnswerJson.IfSet String state,
    @AnswerJson.IfSet String board, @AnswerJson.IfSet String period, @AnswerJson.IfSet Long total,
    @AnswerJson.IfSet Long offset, List<Item> rewards) implements Answer {
  /**
   * One reward: {@code cohort} absent on a board without cohorts, {@code claimedAt} null while unclaimed
   * (epoch ms, as {@code createdAt}), {@code userId} in a period's list only.
   */
  public record Item(long id, String board, String period, long rank, long score, @AnswerJson.IfSet Long cohort,
      JsonObject reward, long createdAt, Long claimedAt, @AnswerJson.IfSet String userId) implements Answer {
    public static List<Item> of(List<Reward> rewards, boolean withUser) {
      return rewards.stream().map(r -> new Item(r.id(), r.board(), r.period(), r.rank(), r.score(), r.cohort(),
          new JsonObject(r.reward()), r.createdAt(), r.claimedAt(), withUser ? r.userId() : null)).toList();
    }
  }

  public static RewardList ofUser(String userId, String state, List<Reward> rewards) {
    return new RewardList(userId, state, null, null, null, null, Item.of(rewards, false));
  }

  public static RewardList ofPeriod(String board, String period, long total, long offset, List<Reward> rewards) {
    return new RewardList(null, null, board, period, total, offset, Item.of(rewards, true));
  }

  public static final Function<JsonObject, RewardList> FROM_JSON = AnswerJson.reader(RewardList.class);
}
