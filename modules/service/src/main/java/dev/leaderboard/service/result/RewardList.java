package dev.leaderboard.service.result;

import dev.leaderboard.archive.Reward;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * Rewards of closed periods: a user's ({@code {userId, state, rewards}}, newest first) or a
 * period's ({@code {board, period, total, offset, rewards}}, best rank first).
 */
@DataObject
public final class RewardList extends JsonAnswer {
  public RewardList(JsonObject json) {
    super(json);
  }

  public static RewardList ofUser(String userId, String state, List<Reward> rewards) {
    JsonArray out = new JsonArray();
    rewards.forEach(r -> out.add(toJson(r)));
    return new RewardList(new JsonObject().put("userId", userId).put("state", state).put("rewards", out));
  }

  public static RewardList ofPeriod(String board, String period, long total, long offset, List<Reward> rewards) {
    JsonArray out = new JsonArray();
    rewards.forEach(r -> out.add(toJson(r).put("userId", r.userId())));
    return new RewardList(new JsonObject().put("board", board).put("period", period).put("total", total)
        .put("offset", offset).put("rewards", out));
  }

  /** {@code {id, board, period, rank, score, cohort?, reward, createdAt, claimedAt}} ({@code claimedAt} null while unclaimed). */
  static JsonObject toJson(Reward r) {
    JsonObject out = new JsonObject().put("id", r.id()).put("board", r.board()).put("period", r.period())
        .put("rank", r.rank()).put("score", r.score());
    if (r.cohort() != null) {
      out.put("cohort", r.cohort());
    }
    return out.put("reward", new JsonObject(r.reward())).put("createdAt", r.createdAt()).put("claimedAt", r.claimedAt());
  }
}
