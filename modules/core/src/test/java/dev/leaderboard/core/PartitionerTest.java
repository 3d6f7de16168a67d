package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.testing.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(TestSeed.class)
class PartitionerTest {

  private static long crc32(String s) {
    CRC32 crc = new CRC32();
    crc.update(s.getBytes(StandardCharsets.UTF_8));
    return crc.getValue();
  }

  private static String randomId(Random rnd) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:@-";
    int len = 1 + rnd.nextInt(24);
    StringBuilder sb = new StringBuilder(len);
    for (int i = 0; i < len; i++) {
      sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  @Test
  void aliceIsPinnedToTheCrc32OfHerUtf8Id() {
    // the standard CRC-32 (IEEE 802.3) of "alice"; any client in any language must agree
    assertThat(crc32("alice")).isEqualTo(0x278EBC47L); // as zlib.crc32(b"alice") also gives
    for (int p : new int[] {1, 2, 3, 7, 8, 16, 100, 1024}) {
      assertThat(Partitioner.partitionOf("alice", p)).as("P=%d", p).isEqualTo((int) (crc32("alice") % p));
    }
    assertThat(Partitioner.partitionOf("alice", 16)).isEqualTo(7); // 0x278EBC47 & 0xF
    assertThat(Partitioner.partitionOf("alice", 1000)).isEqualTo(735);
  }

  @Test
  void nonAsciiIdsHashTheirUtf8Bytes() {
    assertThat(Partitioner.partitionOf("zoë", 1000)).isEqualTo((int) (crc32("zoë") % 1000));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 16, 1000, 1024})
  void sameIdSamePartitionAlwaysInRange(int partitions, Random rnd) {
    for (int i = 0; i < 20_000; i++) {
      String id = randomId(rnd);
      int p = Partitioner.partitionOf(id, partitions);
      assertThat(p).as(id).isBetween(0, partitions - 1);
      assertThat(Partitioner.partitionOf(new String(id.toCharArray()), partitions)).as(id).isEqualTo(p);
      assertThat(p).as(id).isEqualTo((int) (crc32(id) % partitions));
    }
  }

  @Test
  void crcValuesAbove2To31StayNonNegative() {
    // "dave" has a CRC above 2^31: as a signed int it is negative, and a signed remainder (or floorMod of the
    // int) would give another partition than other clients compute from the unsigned value
    assertThat(crc32("dave")).isEqualTo(0x98A855F8L).isGreaterThan(Integer.MAX_VALUE);
    assertThat(Partitioner.partitionOf("dave", 1000)).isEqualTo(888);
    assertThat(Partitioner.partitionOf("dave", 16)).isEqualTo(8);
    assertThat(Partitioner.partitionOf("bob", 1000)).isEqualTo(104);
  }

  @Test
  void spreadsRandomIdsEvenlyOver16Partitions(Random rnd) {
    int partitions = 16;
    // the short IDs (one or two characters) alone skew a partition by up to 1.75%; with 400,000 IDs
    // the sampling noise (sigma 0.6%) keeps every partition within 5% for practically any seed
    int n = 400_000;
    int[] counts = new int[partitions];
    for (int i = 0; i < n; i++) {
      counts[Partitioner.partitionOf(randomId(rnd), partitions)]++;
    }
    double mean = (double) n / partitions;
    for (int p = 0; p < partitions; p++) {
      assertThat((double) counts[p]).as("partition %d of %s", p, java.util.Arrays.toString(counts))
          .isBetween(mean * 0.95, mean * 1.05);
    }
  }

  @Test
  void spreadsSequentialIdsEvenlyToo() {
    int partitions = 16;
    int n = 100_000;
    int[] counts = new int[partitions];
    for (int i = 0; i < n; i++) {
      counts[Partitioner.partitionOf("user-" + i, partitions)]++;
    }
    double mean = (double) n / partitions;
    for (int p = 0; p < partitions; p++) {
      assertThat((double) counts[p]).as("partition %d of %s", p, java.util.Arrays.toString(counts))
          .isBetween(mean * 0.95, mean * 1.05);
    }
  }
}
