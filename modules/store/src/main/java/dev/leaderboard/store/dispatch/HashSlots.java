package dev.leaderboard.store.dispatch;

import java.nio.charset.StandardCharsets;

/**
 * Redis Cluster's hash slot of a key: CRC16 (XMODEM) of the key's hash tag (the text between the
 * first {@code {} and the first {@code }} after it, when not empty), modulo 16,384. Every
 * {@link Route} tag is such a hash tag, so all keys of a route share its slot.
 */
final class HashSlots {
  static final int SLOTS = 16_384;

  private HashSlots() {
  }

  /** The slot of {@code key} (or of a route's tag, which hashes as the keys that carry it). */
  static int of(String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    int from = 0;
    int to = bytes.length;
    int open = indexOf(bytes, (byte) '{', 0);
    if (open >= 0) {
      int close = indexOf(bytes, (byte) '}', open + 1);
      if (close > open + 1) {
        from = open + 1;
        to = close;
      }
    }
    return crc16(bytes, from, to) & (SLOTS - 1);
  }

  private static int indexOf(byte[] bytes, byte b, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private static int crc16(byte[] bytes, int from, int to) {
    int crc = 0;
    for (int i = from; i < to; i++) {
      crc ^= (bytes[i] & 0xff) << 8;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
      }
    }
    return crc & 0xffff;
  }
}
