package dev.leaderboard.core;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Maps a user to one of a board's partitions by a stable hash (CRC-32 of the UTF-8 user ID), so
 * every node, every version and every language client agrees where a user lives.
 */
public final class Partitioner {
  private Partitioner() {
  }

  public static int partitionOf(String userId, int partitions) {
    CRC32 crc = new CRC32();
    crc.update(userId.getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % partitions);
  }
}
