package dev.leaderboard.store;

/**
 * One user's composite as the user's partition answered it, or the index of the shard holding that
 * partition when it did not answer (an index, never an address, so answers may show it).
 *
 * @param composite the user's composite; {@code null} when the user has no entry or was not reached
 * @param shard the shard that did not answer, or {@link #REACHED}
 * @param meta the user's entry metadata when the lookup asked for it and the user has some, else {@code null}
 */
public record ScoreLookup(Long composite, int shard, String meta) {
  public static final int REACHED = -1;

  static ScoreLookup answered(Long composite, String meta) {
    return new ScoreLookup(composite, REACHED, meta);
  }

  static ScoreLookup unreachable(int shard) {
    return new ScoreLookup(null, shard, null);
  }

  /** Whether the user's shard answered, so a {@code null} composite means no entry. */
  public boolean reached() {
    return shard == REACHED;
  }
}
