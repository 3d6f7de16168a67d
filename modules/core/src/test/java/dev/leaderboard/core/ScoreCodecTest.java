package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.leaderboard.testing.TestSeed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Property tests for the packed Redis score {@code composite = score * 2^T + tie} (DESIGN.md, "Score encoding").
 * The random pairs come from a {@link TestSeed} seed, printed with every test and its failure.
 */
@ExtendWith(TestSeed.class)
class ScoreCodecTest {

  private static final long TWO_POW_53 = 1L << 53;
  private static final int SAMPLES = 20_000;

  /** The time-bit counts real boards get (daily s, monthly s, daily ms, all-time s, monthly ms, all-time ms) plus extremes. */
  static Stream<Arguments> codecs() {
    List<Arguments> out = new ArrayList<>();
    for (int bits : new int[] {1, 17, 22, 27, 29, 32, 39, 52}) {
      for (Order order : Order.values()) {
        out.add(Arguments.of(order, bits));
      }
    }
    return out.stream();
  }

  /** A (score, offset) pair drawn with a bias to the edges and to repeated scores, so that ties actually occur. */
  private record Event(long score, long offset) {
  }

  private static Event randomEvent(Random rnd, ScoreCodec codec) {
    long max = codec.largestScore();
    long span = codec.timeSpanUnits();
    long score = switch (rnd.nextInt(6)) {
      case 0 -> 0;
      case 1 -> max;
      case 2 -> rnd.nextLong(Math.min(max, 8) + 1); // few distinct scores: many equal-score pairs
      case 3 -> max - rnd.nextLong(Math.min(max, 8) + 1);
      default -> rnd.nextLong(max + 1);
    };
    long offset = switch (rnd.nextInt(6)) {
      case 0 -> 0;
      case 1 -> span - 1;
      case 2 -> rnd.nextLong(Math.min(span, 8));
      case 3 -> span - 1 - rnd.nextLong(Math.min(span, 8));
      default -> rnd.nextLong(span);
    };
    return new Event(score, offset);
  }

  /** Expected sign of compare(composite(a), composite(b)), derived from the rules rather than the codec. */
  private static int expectedCompositeOrder(Order order, Event a, Event b) {
    if (a.score() != b.score()) {
      return Long.compare(a.score(), b.score()); // both orders: a larger score gives a larger composite
    }
    // equal score: earlier wins; on desc the winner has the larger composite, on asc the smaller one
    return order == Order.DESC ? Long.compare(b.offset(), a.offset()) : Long.compare(a.offset(), b.offset());
  }

  // --- round trip and range ---

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void randomPairsRoundTripAndStayExactInADouble(Order order, int timeBits, Random rnd) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    for (int i = 0; i < SAMPLES; i++) {
      Event e = randomEvent(rnd, codec);
      long c = codec.encode(e.score(), e.offset());
      String what = e + " -> " + c;

      assertThat(codec.score(c)).as(what).isEqualTo(e.score());
      assertThat(codec.offsetUnits(c)).as(what).isEqualTo(e.offset());
      assertThat(c).as(what).isBetween(0L, TWO_POW_53 - 1);
      double d = c;
      assertThat((long) d).as("exact as a double: " + what).isEqualTo(c);
      // decoding what Redis hands back (a double) gives the same event
      assertThat(codec.score((long) d)).as(what).isEqualTo(e.score());
      assertThat(codec.offsetUnits((long) d)).as(what).isEqualTo(e.offset());
      assertThat(c).as(what).isBetween(codec.lowest(e.score()), codec.highest(e.score()));
    }
  }

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void compositeMatchesTheDesignFormulaInLongAndInDoubleArithmetic(Order order, int timeBits, Random rnd) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    long twoT = 1L << timeBits;
    for (int i = 0; i < SAMPLES; i++) {
      Event e = randomEvent(rnd, codec);
      long tie = order == Order.DESC ? (twoT - 1) - e.offset() : e.offset();
      long expected = Math.addExact(Math.multiplyExact(e.score(), twoT), tie);
      // what the Lua submit script computes, on doubles
      double lua = (double) e.score() * Math.pow(2, timeBits) + (double) tie;

      long c = codec.encode(e.score(), e.offset());
      assertThat(c).as("%s", e).isEqualTo(expected);
      assertThat(codec.tie(e.offset())).isEqualTo(tie);
      assertThat(lua).as("Lua arithmetic for %s", e).isEqualTo((double) c);
      assertThat(codec.scale()).isEqualTo(twoT);
    }
  }

  // --- ordering ---

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void compositeOrderOfRandomPairsIsScoreThenTime(Order order, int timeBits, Random rnd) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    for (int i = 0; i < SAMPLES; i++) {
      Event a = randomEvent(rnd, codec);
      Event b = rnd.nextInt(4) == 0 ? new Event(a.score(), randomEvent(rnd, codec).offset()) : randomEvent(rnd, codec);
      long ca = codec.encode(a.score(), a.offset());
      long cb = codec.encode(b.score(), b.offset());
      int expected = expectedCompositeOrder(order, a, b);
      String what = a + " vs " + b;

      assertThat(Long.signum(Long.compare(ca, cb))).as(what).isEqualTo(expected);
      // Redis stores and compares doubles
      assertThat(Integer.signum(Double.compare(ca, cb))).as("as doubles: " + what).isEqualTo(expected);
    }
  }

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void neighboursAcrossEveryBoundaryKeepTheirOrder(Order order, int timeBits) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    long last = codec.timeSpanUnits() - 1;
    long max = codec.largestScore();
    // the worst offsets of a score still beat the best offsets of the next-worse score
    for (long s : new long[] {1, 2, max / 2, max - 1, max}) {
      if (s < 1 || s > max) {
        continue;
      }
      double higherScoreLatest = codec.encode(s, last);
      double lowerScoreEarliest = codec.encode(s - 1, 0);
      double higherScoreEarliest = codec.encode(s, 0);
      double lowerScoreLatest = codec.encode(s - 1, last);
      assertThat(higherScoreLatest).as("s=%d", s).isGreaterThan(lowerScoreEarliest);
      assertThat(higherScoreEarliest).as("s=%d", s).isGreaterThan(lowerScoreLatest);
    }
    // one unit apart in time, same score
    for (long s : new long[] {0, max}) {
      for (long off : new long[] {0, last / 2, last - 1}) {
        if (off < 0 || off + 1 > last) {
          continue;
        }
        double earlier = codec.encode(s, off);
        double later = codec.encode(s, off + 1);
        if (order == Order.DESC) {
          assertThat(earlier).as("desc s=%d off=%d", s, off).isGreaterThan(later);
        } else {
          assertThat(earlier).as("asc s=%d off=%d", s, off).isLessThan(later);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void sortingCompositesInTheBoardsDirectionRanksByScoreThenEarliest(Order order, int timeBits, Random rnd) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      events.add(randomEvent(rnd, codec));
    }

    // leaderboard order: better score first (desc: higher, asc: lower), then earlier first
    Comparator<Event> byScore = Comparator.comparingLong(Event::score);
    Comparator<Event> expectedRanking = (order == Order.DESC ? byScore.reversed() : byScore)
        .thenComparingLong(Event::offset);
    List<Event> expected = events.stream().sorted(expectedRanking).toList();

    // what Redis does: ZREVRANGE (highest double first) on desc, ZRANGE (lowest first) on asc
    Comparator<Event> byDouble = Comparator.comparingDouble(e -> (double) codec.encode(e.score(), e.offset()));
    List<Event> redis = events.stream().sorted(order == Order.DESC ? byDouble.reversed() : byDouble).toList();

    assertThat(redis).isEqualTo(expected);
  }

  // --- edges ---

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void extremesOfScoreAndPeriodRoundTrip(Order order, int timeBits) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    long max = codec.largestScore();
    long span = codec.timeSpanUnits();
    assertThat(codec.scoreBits() + codec.timeBits()).isEqualTo(53);
    assertThat(max).isEqualTo((1L << (53 - timeBits)) - 1);
    assertThat(span).isEqualTo(1L << timeBits);

    for (long s : new long[] {0, max}) {
      for (long off : new long[] {0, span - 1}) { // first and last instant of the period
        long c = codec.encode(s, off);
        assertThat(codec.score(c)).isEqualTo(s);
        assertThat(codec.offsetUnits(c)).isEqualTo(off);
        assertThat((long) (double) c).isEqualTo(c);
      }
    }
    // the whole range is used and nothing beyond it
    assertThat(codec.lowest(0)).isZero();
    assertThat(codec.highest(max)).isEqualTo(TWO_POW_53 - 1);
    long top = order == Order.DESC ? codec.encode(max, 0) : codec.encode(max, span - 1);
    long bottom = order == Order.DESC ? codec.encode(0, span - 1) : codec.encode(0, 0);
    assertThat(top).isEqualTo(TWO_POW_53 - 1);
    assertThat(bottom).isZero();
  }

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void encodeRefusesValuesOutsideTheBudget(Order order, int timeBits) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    long max = codec.largestScore();
    long span = codec.timeSpanUnits();

    assertThatThrownBy(() -> codec.encode(-1, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("score");
    assertThatThrownBy(() -> codec.encode(max + 1, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("score");
    assertThatThrownBy(() -> codec.encode(Long.MIN_VALUE, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.encode(Long.MAX_VALUE, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.encode(0, -1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("offset");
    assertThatThrownBy(() -> codec.encode(0, span)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("offset");
    assertThatThrownBy(() -> codec.encode(max, span)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.tie(span)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> codec.tie(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest(name = "{0} T={1}")
  @MethodSource("codecs")
  void lowestAndHighestBracketEveryCompositeOfAScore(Order order, int timeBits, Random rnd) {
    ScoreCodec codec = new ScoreCodec(order, timeBits);
    long max = codec.largestScore();
    for (int i = 0; i < SAMPLES; i++) {
      Event e = randomEvent(rnd, codec);
      long s = e.score();
      long c = codec.encode(s, e.offset());
      assertThat(c).isBetween(codec.lowest(s), codec.highest(s));
      // and nothing of a neighbouring score falls inside the bracket
      if (s > 0) {
        assertThat(codec.highest(s - 1)).isLessThan(codec.lowest(s));
        assertThat((double) codec.highest(s - 1)).isLessThan((double) codec.lowest(s));
      }
      if (s < max) {
        assertThat(codec.lowest(s + 1)).isGreaterThan(codec.highest(s));
      }
    }
    // the bracket is exactly the set of composites of the score: its ends are the first and last instant
    long mid = max / 2;
    long first = codec.encode(mid, 0);
    long lastInstant = codec.encode(mid, codec.timeSpanUnits() - 1);
    assertThat(Math.min(first, lastInstant)).isEqualTo(codec.lowest(mid));
    assertThat(Math.max(first, lastInstant)).isEqualTo(codec.highest(mid));
  }

  @ParameterizedTest
  @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, 53, 54, 64})
  void constructorRefusesTimeBitsOutside1To52(int timeBits) {
    assertThatThrownBy(() -> new ScoreCodec(Order.DESC, timeBits))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(String.valueOf(timeBits));
  }

  @Test
  void descTieIsInvertedAndAscTieIsTheOffset() {
    ScoreCodec desc = new ScoreCodec(Order.DESC, 17);
    ScoreCodec asc = new ScoreCodec(Order.ASC, 17);
    long mask = (1L << 17) - 1;
    assertThat(desc.tie(0)).isEqualTo(mask);
    assertThat(desc.tie(mask)).isZero();
    assertThat(asc.tie(0)).isZero();
    assertThat(asc.tie(mask)).isEqualTo(mask);
    // score 3 reached 10 units into the period
    assertThat(desc.encode(3, 10)).isEqualTo(3 * (1L << 17) + mask - 10);
    assertThat(asc.encode(3, 10)).isEqualTo(3 * (1L << 17) + 10);
  }
}
