package dev.leaderboard.archive;

import java.util.Objects;

/**
 * One user's reward for a closed period: the final {@code rank} the board's rules read (the cohort
 * rank on a board with cohorts, {@code cohort} null otherwise), the final {@code score}, the
 * {@code reward} payload (a JSON object's text); {@code id}, {@code createdAt} and {@code claimedAt}
 * (epoch ms, null while unclaimed) are the stored row's, 0 and null before it is stored.
 */
public record Reward(long id, String board, String boardUid, String period, String userId, Long cohort, long rank,
    long score, String reward, long createdAt, Long claimedAt) {

  public Reward {
    Objects.requireNonNull(userId, "userId");
    Objects.requireNonNull(reward, "reward");
  }

  /** A reward to record at a close. */
  public static Reward of(String userId, Long cohort, long rank, long score, String reward) {
    return new Reward(0, null, null, null, userId, cohort, rank, score, reward, 0, null);
  }
}
