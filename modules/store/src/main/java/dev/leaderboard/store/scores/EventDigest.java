package dev.leaderboard.store.scores;

import dev.leaderboard.core.Operator;
import dev.leaderboard.core.TieCodec;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The 20-bit digest of an event's payload kept in its idempotency record: an event ID seen again
 * with the same digest is a duplicate, with another a conflict. The payload is the operator, the
 * value and the client's time (none when it defaulted to receipt, so a retry is the same payload
 * whenever it arrives). Two payloads share a digest 1 in 2^20 times; such a reuse counts as a duplicate.
 */
public final class EventDigest {
  /** Bits of the digest; the scripts' record scores are receipt seconds × 2^BITS + digest. */
  public static final int BITS = 20;

  private EventDigest() {
  }

  /**
   * The low {@link #BITS} bits of the CRC32 of {@code operator \n value \n at} (UTF-8; {@code at}
   * empty when the client gave no time).
   */
  public static int of(Operator operator, long value, Long at) {
    CRC32 crc = new CRC32();
    crc.update((operator.wireName() + '\n' + value + '\n' + (at == null ? "" : at.toString()))
        .getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() & ((1L << BITS) - 1));
  }

  /** The digest of a command's payload. */
  static int of(SubmitCommand c) {
    String keys = TieCodec.keysOf(c.wideTie());
    return keys.isEmpty() ? of(c.operator(), c.value(), c.at()) : of(c.operator(), c.value(), c.at(), keys);
  }

  /**
   * The digest of an event that carries sort keys: {@code operator \n value \n at \n keys}, with
   * the keys as the tie writes them (so the same keys are the same payload).
   */
  public static int of(Operator operator, long value, Long at, String keys) {
    CRC32 crc = new CRC32();
    crc.update((operator.wireName() + '\n' + value + '\n' + (at == null ? "" : at.toString()) + '\n' + keys)
        .getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() & ((1L << BITS) - 1));
  }
}
