package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.testing.TestSeed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Property tests for the wide layout's tie: fixed width, decodes to what was encoded, and byte order
 * of ties is the board's order of (sort keys, time) — the order Redis gives equal scores.
 */
@ExtendWith(TestSeed.class)
class TieCodecTest {
  private static final int SAMPLES = 20_000;
  private static final long MAX = Fields.MAX_EXACT;

  /** A tie of (keys, time) drawn with a bias to the ends of each range and to repeats. */
  private record Drawn(long[] keys, long at) {
  }

  private static long draw(Random rnd, long min, long max) {
    return switch (rnd.nextInt(5)) {
      case 0 -> min + rnd.nextInt(3);
      case 1 -> max - rnd.nextInt(3);
      case 2 -> min + (long) (rnd.nextDouble() * (double) (max - min));
      default -> Math.max(min, Math.min(max, rnd.nextInt(7) - 3));
    };
  }

  private static List<SortKey> keys(Random rnd) {
    List<SortKey> out = new ArrayList<>();
    long[][] ranges = {{0, 3}, {-MAX, MAX}, {-5, 5}, {0, 1L << 40}, {-1000, -10}};
    for (int i = 0; i < rnd.nextInt(SortKey.MAX_KEYS + 1); i++) {
      long[] r = ranges[rnd.nextInt(ranges.length)];
      out.add(new SortKey("k" + i, rnd.nextBoolean() ? Order.ASC : Order.DESC, r[0], r[1]));
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(Order.class)
  void byteOrderOfTiesIsTheBoardOrderOfKeysThenTimeAndTiesDecodeToWhatWasEncoded(Order order, Random rnd) {
    for (int round = 0; round < 40; round++) {
      List<SortKey> keys = keys(rnd);
      long unit = rnd.nextBoolean() ? 1 : 1000;
      TieCodec codec = new TieCodec(order, keys, unit);
      List<Drawn> drawn = new ArrayList<>();
      for (int i = 0; i < SAMPLES / 40; i++) {
        long[] values = new long[keys.size()];
        for (int k = 0; k < values.length; k++) {
          values[k] = draw(rnd, keys.get(k).min(), keys.get(k).max());
        }
        drawn.add(new Drawn(values, draw(rnd, 0, TieCodec.LATEST_UNIT * unit)));
      }
      // the board's order of equal scores: better keys first (each in its direction), then earlier
      Comparator<Drawn> better = (a, b) -> 0;
      for (int k = 0; k < keys.size(); k++) {
        int at = k;
        Comparator<Drawn> byKey = Comparator.comparingLong(d -> d.keys()[at]);
        better = better.thenComparing(keys.get(k).higherFirst() ? byKey.reversed() : byKey);
      }
      better = better.thenComparingLong(d -> Math.floorDiv(d.at(), unit));
      for (int i = 0; i + 1 < drawn.size(); i++) {
        Drawn a = drawn.get(i);
        Drawn b = drawn.get(i + 1);
        String ta = codec.encode(a.keys(), a.at());
        String tb = codec.encode(b.keys(), b.at());
        assertThat(ta).hasSize(codec.length()).endsWith("|");
        assertThat(codec.values(ta)).isEqualTo(a.keys());
        assertThat(codec.atMillis(ta)).isEqualTo(Math.floorDiv(a.at(), unit) * unit);
        int expected = Integer.signum(better.compare(a, b));
        // Redis reads a desc board backwards: there the better tie is the larger one
        int bytes = Integer.signum(ta.compareTo(tb));
        assertThat(order == Order.DESC ? -bytes : bytes).as("%s vs %s on %s with %s", ta, tb, order, keys)
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void aMemberSplitsAtTheEndOfItsTieAndAPackedMemberIsTheUserId() {
    TieCodec codec = new TieCodec(Order.DESC, List.of(new SortKey("deaths", Order.ASC, 0, 9)), 1);
    String tie = codec.encode(new long[] {4}, 1_700_000_000_000L);
    assertThat(TieCodec.tieOf(tie + "user:1@x")).isEqualTo(tie);
    assertThat(TieCodec.userOf(tie + "user:1@x")).isEqualTo("user:1@x");
    assertThat(TieCodec.tieOf("user:1@x")).isEmpty();
    assertThat(TieCodec.userOf("user:1@x")).isEqualTo("user:1@x");
    assertThat(TieCodec.keysOf(tie)).hasSize(1);
    assertThat(TieCodec.keysOf("")).isEmpty();
    // the digits are ASCII and never the end mark, which user IDs may not contain either
    assertThat(TieCodec.DIGITS.chars().allMatch(c -> c < 128 && c != TieCodec.END)).isTrue();
    assertThat(TieCodec.DIGITS.chars().sorted().toArray()).isEqualTo(TieCodec.DIGITS.chars().toArray());
    assertThatThrownBy(() -> Names.id("userId", "a|b")).isInstanceOf(LeaderboardException.class);
  }

  @Test
  void valuesOutOfTheirRangeAreNotEncoded() {
    TieCodec codec = new TieCodec(Order.ASC, List.of(new SortKey("deaths", Order.ASC, 0, 9)), 1);
    assertThatThrownBy(() -> codec.encode(new long[] {10}, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.encode(new long[] {-1}, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.encode(new long[] {1}, -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.encode(new long[] {}, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
