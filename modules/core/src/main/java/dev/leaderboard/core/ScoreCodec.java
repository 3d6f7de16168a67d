package dev.leaderboard.core;

/**
 * Packs a score and the time it was reached into one Redis sorted-set score, a double exact below
 * 2^53: {@code score * 2^T + tie} with {@code scoreBits + T = 53}, so composites sort by score, then
 * tie. The tie is the time since the period's start in the board's unit, inverted on a {@code desc}
 * board ({@code 2^T - 1 - offset}) so that earlier ranks higher either way. submit.lua does the same
 * arithmetic on doubles, exact in this range.
 */
public final class ScoreCodec {
  /** Integers up to 2^53 are exact in a double. */
  public static final int TOTAL_BITS = 53;

  private static final ScoreCodec[][] CODECS = new ScoreCodec[Order.values().length][TOTAL_BITS];

  static {
    for (Order o : Order.values()) {
      for (int t = 1; t < TOTAL_BITS; t++) {
        CODECS[o.ordinal()][t] = new ScoreCodec(o, t);
      }
    }
  }

  private final Order order;
  private final int timeBits;
  private final long mask;

  /** The shared codec for an order and a number of time bits (codecs are immutable). */
  public static ScoreCodec of(Order order, int timeBits) {
    if (timeBits < 1 || timeBits >= TOTAL_BITS) {
      throw new IllegalArgumentException("timeBits must be in 1..52: " + timeBits);
    }
    return CODECS[order.ordinal()][timeBits];
  }

  public ScoreCodec(Order order, int timeBits) {
    if (timeBits < 1 || timeBits >= TOTAL_BITS) {
      throw new IllegalArgumentException("timeBits must be in 1..52: " + timeBits);
    }
    this.order = order;
    this.timeBits = timeBits;
    this.mask = (1L << timeBits) - 1;
  }

  public int timeBits() {
    return timeBits;
  }

  public int scoreBits() {
    return TOTAL_BITS - timeBits;
  }

  public long largestScore() {
    return (1L << scoreBits()) - 1;
  }

  /** Number of time units a period can hold: offsets run from 0 to this minus one. */
  public long timeSpanUnits() {
    return mask + 1;
  }

  /** 2^T, the factor between a score and its composite. */
  public long scale() {
    return 1L << timeBits;
  }

  public long encode(long score, long offsetUnits) {
    if (score < 0 || score > largestScore()) {
      throw new IllegalArgumentException("score out of range: " + score);
    }
    return (score << timeBits) | tie(offsetUnits);
  }

  /** The low bits for an event at {@code offsetUnits} after the period start. */
  public long tie(long offsetUnits) {
    if (offsetUnits < 0 || offsetUnits > mask) {
      throw new IllegalArgumentException("time offset out of range: " + offsetUnits);
    }
    return order.distance(offsetUnits, 0, mask, Order.ASC);
  }

  public long score(long composite) {
    return composite >>> timeBits;
  }

  public long offsetUnits(long composite) {
    long tie = composite & mask;
    return order.fromDistance(tie, 0, mask, Order.ASC);
  }

  /** Smallest composite with this score. */
  public long lowest(long score) {
    return score << timeBits;
  }

  /** Largest composite with this score. */
  public long highest(long score) {
    return (score << timeBits) | mask;
  }
}
