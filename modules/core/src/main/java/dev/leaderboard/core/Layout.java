package dev.leaderboard.core;

/**
 * How a board keeps its entries in Redis, fixed when the board is created (see docs/design.md).
 *
 * <ul>
 *   <li>{@link #PACKED}: member = user ID, score = {@code score · 2^T + tie} ({@link ScoreCodec}); the
 *       smallest form, for boards whose scores and period fit the 53 bits together;</li>
 *   <li>{@link #WIDE}: score = the score itself (exact to 2^53 − 1, negative too); member = the tie
 *       ({@link TieCodec}: sort keys, then time) and the user ID, with a per-partition map user → entry
 *       so the user's member is found in the same atomic call. Any board fits.</li>
 * </ul>
 */
public enum Layout implements WireName {
  PACKED, WIDE;

  public static Layout fromWire(String s) {
    return Wire.parse(values(), s, () -> "must be packed or wide");
  }
}
