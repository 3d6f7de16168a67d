package dev.leaderboard.archive;

import java.util.Objects;

/**
 * One user's final standing in an archived period: {@code position} is the 0-based unique order
 * (unique rank − 1), {@code at} the epoch ms when the score was reached, and the two tie-sharing
 * ranks are 1-based as the API shows them.
 */
public record ArchivedEntry(long position, String userId, long score, long at, long competitionRank,
    long denseRank) {

  public ArchivedEntry {
    Objects.requireNonNull(userId, "userId");
  }
}
