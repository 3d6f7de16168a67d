package dev.leaderboard.archive;

import java.util.Objects;

/**
 * One user's final standing in an archived period: {@code position} is the 0-based unique order
 * (unique rank − 1), {@code at} the epoch ms when the score was reached, and the two tie-sharing
 * ranks are 1-based as the API shows them; {@code meta} is the entry's metadata (a JSON object's
 * text) as the period had it when it closed, or {@code null}.
 */
public record ArchivedEntry(long position, String userId, long score, long at, long competitionRank,
    long denseRank, String meta) {

  public ArchivedEntry {
    Objects.requireNonNull(userId, "userId");
  }

  /** An entry without metadata. */
  public ArchivedEntry(long position, String userId, long score, long at, long competitionRank, long denseRank) {
    this(position, userId, score, at, competitionRank, denseRank, null);
  }
}
