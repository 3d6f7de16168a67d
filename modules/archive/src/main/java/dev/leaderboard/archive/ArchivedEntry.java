package dev.leaderboard.archive;

import java.util.Objects;

/**
 * One user's final standing in an archived period: {@code position} is the 0-based unique order
 * (unique rank − 1), {@code at} the epoch ms when the score was reached, and the two tie-sharing
 * ranks are 1-based as the API shows them; {@code meta} is the entry's metadata (a JSON object's
 * text) as the period had it when it closed, or {@code null}; {@code keys} its sort keys (a JSON
 * object's text, name → value) on a board that has sort keys, else {@code null}.
 */
public record ArchivedEntry(long position, String userId, long score, long at, long competitionRank,
    long denseRank, String meta, String keys) {

  public ArchivedEntry {
    Objects.requireNonNull(userId, "userId");
  }

  /** An entry without metadata. */
  public ArchivedEntry(long position, String userId, long score, long at, long competitionRank, long denseRank) {
    this(position, userId, score, at, competitionRank, denseRank, null, null);
  }

  /** An entry without sort keys. */
  public ArchivedEntry(long position, String userId, long score, long at, long competitionRank, long denseRank,
      String meta) {
    this(position, userId, score, at, competitionRank, denseRank, meta, null);
  }
}
