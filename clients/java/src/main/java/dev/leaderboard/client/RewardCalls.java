package dev.leaderboard.client;

import dev.leaderboard.client.model.History;
import dev.leaderboard.client.model.PeriodRewards;
import dev.leaderboard.client.model.RewardClaimed;
import dev.leaderboard.client.model.UserRewards;

/** A user's standing across periods, the rewards of closed periods, claims (tag {@code rewards}). */
public final class RewardCalls {
  private final Transport transport;

  RewardCalls(Transport transport) {
    this.transport = transport;
  }

  /** The user's standing in each of the board's periods, newest first; {@code limit} null for the node's default. */
  @Operation("history")
  public History history(String board, String userId, Integer limit) {
    return transport.send(Call.of("history", "GET", "/v1/boards/{}/users/{}/history", board, userId)
        .param("limit", limit), History.class);
  }

  /** A closed period's rewards, by rank (scope {@code admin}). */
  @Operation("periodRewards")
  public PeriodRewards periodRewards(String board, String period, Long offset, Integer limit) {
    return transport.send(Call.of("periodRewards", "GET", "/v1/boards/{}/periods/{}/rewards", board, period)
        .param("offset", offset).param("limit", limit), PeriodRewards.class);
  }

  /** The user's rewards in {@code state} ({@code unclaimed}, {@code claimed}, {@code all}; null: the node's default). */
  @Operation("userRewards")
  public UserRewards userRewards(String userId, String state, Integer limit) {
    return transport.send(Call.of("userRewards", "GET", "/v1/users/{}/rewards", userId).param("state", state)
        .param("limit", limit), UserRewards.class);
  }

  /** Claims one of the user's rewards (once: a second claim is refused). */
  @Operation("claimReward")
  public RewardClaimed claimReward(String userId, long rewardId) {
    return transport.send(Call.of("claimReward", "POST", "/v1/users/{}/rewards/{}/claim", userId, rewardId),
        RewardClaimed.class);
  }
}
