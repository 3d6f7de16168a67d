package dev.leaderboard.store.scores;

/**
 * One user's composite as the user's partition answered it, or the index of the shard holding that
 * partition when it did not answer (an index, never an address, so answers may show it).
 *
 * @param entry the user's entry (with its metadata when the lookup asked for it); {@code null} when the
 *     user has no entry or was not reached
 * @param shard the shard that did not answer, or {@link #REACHED}
 */
public record ScoreLookup(StoredEntry entry, int shard) {
  public static final int REACHED = -1;

  static ScoreLookup answered(StoredEntry entry) {
    return new ScoreLookup(entry, REACHED);
  }

  static ScoreLookup unreachable(int shard) {
    return new ScoreLookup(null, shard);
  }

  /** Whether the user's shard answered, so a {@code null} entry means no entry. */
  public boolean reached() {
    return shard == REACHED;
  }
}
