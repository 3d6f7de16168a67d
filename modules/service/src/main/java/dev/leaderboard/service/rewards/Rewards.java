package dev.leaderboard.service.rewards;

import dev.leaderboard.archive.RewardStore;
import dev.leaderboard.archive.RewardStore.State;
import dev.leaderboard.core.Names;
import dev.leaderboard.core.Refusal;
import dev.leaderboard.service.boards.BoardRegistry;
import dev.leaderboard.service.request.Requests;
import dev.leaderboard.service.result.RewardClaimed;
import dev.leaderboard.service.result.RewardList;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;

/**
 * The rewards the closes recorded ({@link dev.leaderboard.service.periods.PeriodRewards}): a user's,
 * a period's, and claiming one, which succeeds once however many claims race on however many nodes.
 */
public record Rewards(BoardRegistry boards, RewardStore store, Clock clock) {
  static final int DEFAULT_LIMIT = 100;

  /** The user's rewards in {@code state} ({@code all} when null), newest first. */
  public Future<RewardList> user(String userId, String state, Integer limit) {
    Names.id("userId", userId);
    State which = state(state);
    int lim = Requests.limit(limit, DEFAULT_LIMIT);
    return store.user(userId, which, lim).map(rewards -> RewardList.ofUser(userId, which.wireName(), rewards));
  }

  /** A page of the period's rewards, best rank first. */
  public Future<RewardList> period(String board, String period, Long offset, Integer limit) {
    Names.board("board", board);
    long off = Requests.offset(offset);
    int lim = Requests.limit(limit, DEFAULT_LIMIT);
    return boards.require(board).compose(b -> {
      String id = Requests.period(b, period, clock).id();
      return Future.all(store.count(b.uid(), id), store.period(b.uid(), id, off, lim))
          .map(all -> RewardList.ofPeriod(b.name(), id, all.resultAt(0), off, all.resultAt(1)));
    });
  }

  /** 404 {@code reward_not_found} when the user has no reward {@code id}; 409 {@code already_claimed} after the first claim. */
  public Future<RewardClaimed> claim(String userId, Long id) {
    Names.id("userId", userId);
    if (id == null || id < 1) {
      throw Refusal.invalid("rewardId", "must be a reward id, a whole number of at least 1 (got " + id + ")");
    }
    return store.claim(userId, id, clock.millis()).map(claim -> {
      if (claim == null) {
        throw Refusal.REWARD_NOT_FOUND.exception(userId, id);
      }
      if (!claim.claimedNow()) {
        throw Refusal.ALREADY_CLAIMED.exception(id, userId, Instant.ofEpochMilli(claim.reward().claimedAt()));
      }
      return new RewardClaimed(id, claim.reward().claimedAt());
    });
  }

  private static State state(String s) {
    if (s == null) {
      return State.ALL;
    }
    for (State v : State.values()) {
      if (v.wireName().equals(s)) {
        return v;
      }
    }
    throw Refusal.invalid("state", "must be one of unclaimed, claimed, all (got '" + s + "')");
  }
}
