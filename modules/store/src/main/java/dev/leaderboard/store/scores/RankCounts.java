package dev.leaderboard.store.scores;

/**
 * Counts over all partitions of a board period.
 *
 * @param total members in the period
 * @param before for each pivot entry, the members ordered before it
 * @param strictlyBetter for each score, the members whose score is strictly better
 * @param current for each pivot, the entry its user holds now ({@code null}: none); another than the
 *     pivot when the user's entry moved after the pivot was read (then {@code before} leaves it out)
 */
public record RankCounts(long total, long[] before, long[] strictlyBetter, StoredEntry[] current) {

  /** Whether pivot {@code i}'s user now holds another entry than the pivot. */
  public boolean moved(int i, StoredEntry pivot) {
    return !pivot.samePlace(current[i]);
  }
}
