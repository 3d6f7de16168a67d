package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class BoardTest {

  private static final Instant NOW = Instant.parse("2025-04-15T10:20:30.456Z");
  private static final int DEFAULT_PARTITIONS = 8;
  private static final String UID = "uid-1";

  private static Board create(JsonObject spec) {
    return Board.define("scores", spec, null, NOW, DEFAULT_PARTITIONS, UID);
  }

  private static Board create(String json) {
    return create(new JsonObject(json));
  }

  private static Board update(Board existing, String json) {
    return Board.define(existing.name(), new JsonObject(json), existing, NOW.plusSeconds(3600), DEFAULT_PARTITIONS,
        "uid-other");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertRefused(Runnable r, int status, String code) {
    return assertThatThrownBy(r::run)
        .isInstanceOf(LeaderboardException.class)
        .satisfies(e -> {
          LeaderboardException le = (LeaderboardException) e;
          assertThat(le.status()).as("status").isEqualTo(status);
          assertThat(le.code()).as("code").isEqualTo(code);
        });
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertInvalid(String json, String field) {
    return assertRefused(() -> create(json), 400, "invalid_field").hasMessageStartingWith(field + " ");
  }

  /** Smallest b with 2^b >= n (n >= 2), i.e. ceil(log2(n)), computed without bit tricks. */
  private static int ceilLog2(long n) {
    int bits = 0;
    BigInteger capacity = BigInteger.ONE;
    while (capacity.compareTo(BigInteger.valueOf(n)) < 0) {
      capacity = capacity.shiftLeft(1);
      bits++;
    }
    return bits;
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  // --- defaults ---

  @Test
  void emptySpecGivesAnAllTimeDescIncrBoardWithSecondTiesAndTheLargestScoreThatFits() {
    Board b = create("{}");

    assertThat(b.name()).isEqualTo("scores");
    assertThat(b.uid()).isEqualTo(UID);
    assertThat(b.order()).isEqualTo(Order.DESC);
    assertThat(b.operator()).isEqualTo(Operator.INCR);
    assertThat(b.period()).isEqualTo(PeriodKind.ALL_TIME);
    assertThat(b.zone()).isEqualTo(ZoneId.of("UTC"));
    assertThat(b.tieResolution()).isEqualTo(TieResolution.S);
    assertThat(b.retainPeriods()).isEqualTo(Board.DEFAULT_RETAIN_PERIODS);
    assertThat(b.graceSeconds()).isEqualTo(Board.DEFAULT_GRACE_SECONDS);
    assertThat(b.partitions()).isEqualTo(DEFAULT_PARTITIONS);
    assertThat(b.createdAt()).isEqualTo(NOW.toEpochMilli());
    assertThat(b.origin()).isEqualTo(Instant.parse("2025-04-15T10:20:30Z").toEpochMilli()); // floored to the second
    assertThat(b.timeBits()).isEqualTo(29);
    assertThat(b.maxScore()).isEqualTo(b.largestScore()).isEqualTo((1L << 24) - 1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"daily", "weekly", "monthly"})
  void periodicBoardsDefaultToMillisecondTies(String period) {
    Board b = create("{\"period\":\"" + period + "\"}");
    assertThat(b.tieResolution()).isEqualTo(TieResolution.MS);
    assertThat(b.maxScore()).isEqualTo(b.largestScore());
    assertThat(b.origin()).isEqualTo(NOW.toEpochMilli());
  }

  @Test
  void allTimeBoardKeepsMillisecondTiesWhenAskedFor() {
    Board b = create("{\"tieResolution\":\"ms\"}");
    assertThat(b.tieResolution()).isEqualTo(TieResolution.MS);
    assertThat(b.timeBits()).isEqualTo(39);
    assertThat(b.largestScore()).isEqualTo((1L << 14) - 1);
  }

  // --- derived limits ---

  @ParameterizedTest(name = "{0} {1}: {2} time bits")
  @CsvSource({
      // period, resolution, expected time bits (worked out by hand from the max length below)
      "all-time, s,  29", // 3653 d = 315,619,200 s          -> 2^28 < n <= 2^29
      "all-time, ms, 39", // 315,619,200,000 ms              -> 2^38 < n <= 2^39
      "daily,    s,  17", // 24h + 2h = 93,600 s             -> 2^16 < n <= 2^17
      "daily,    ms, 27", // 93,600,000 ms
      "weekly,   s,  20", // 7d + 2h = 612,000 s
      "weekly,   ms, 30", // 612,000,000 ms
      "monthly,  s,  22", // 31d + 2h = 2,685,600 s
      "monthly,  ms, 32", // 2,685,600,000 ms
  })
  void timeBitsCoverTheLongestPeriodInTheTieUnit(String period, String resolution, int expectedBits) {
    Board b = create("{\"period\":\"" + period + "\",\"tieResolution\":\"" + resolution + "\"}");

    long unit = resolution.equals("s") ? 1000 : 1;
    Duration maxLength = switch (period) {
      case "all-time" -> Duration.ofDays(3653);
      case "daily" -> Duration.ofHours(24 + 2);
      case "weekly" -> Duration.ofDays(7).plusHours(2);
      default -> Duration.ofDays(31).plusHours(2);
    };
    long units = ceilDiv(maxLength.toMillis(), unit);
    assertThat(ceilLog2(units)).as("the hand-worked table").isEqualTo(expectedBits);

    assertThat(b.timeBits()).isEqualTo(expectedBits);
    assertThat(b.scoreBits() + b.timeBits()).isEqualTo(53);
    assertThat(b.largestScore()).isEqualTo((1L << (53 - expectedBits)) - 1);
    assertThat(b.maxScore()).isEqualTo(b.largestScore());
    // the codec has room for every unit of the longest period, and not twice as much
    assertThat(b.codec().timeSpanUnits()).isGreaterThanOrEqualTo(units).isLessThan(2 * units);
    assertThat(b.codec().largestScore()).isEqualTo(b.largestScore());

    JsonObject limits = b.toJson().getJsonObject("limits");
    assertThat(limits.getInteger("timeBits")).isEqualTo(expectedBits);
    assertThat(limits.getInteger("scoreBits")).isEqualTo(53 - expectedBits);
    assertThat(limits.getLong("largestScore")).isEqualTo(b.largestScore());
    assertThat(limits.getString("timeUnit")).isEqualTo(resolution);
  }

  @Test
  void bitsForIsTheSmallestWidthThatHoldsNValuesIncludingExactPowersOfTwo() {
    for (long n = 2; n <= 5000; n++) {
      assertThat(Board.bitsFor(n)).as("n=%d", n).isEqualTo(ceilLog2(n));
    }
    for (int k = 1; k <= 52; k++) {
      long pow = 1L << k;
      assertThat(Board.bitsFor(pow)).as("2^%d", k).isEqualTo(k); // offsets 0 .. 2^k-1 fit in k bits
      assertThat(Board.bitsFor(pow + 1)).as("2^%d+1", k).isEqualTo(k + 1);
      assertThat(Board.bitsFor(pow - 1)).as("2^%d-1", k).isEqualTo(Math.max(1, k));
    }
    assertThat(Board.bitsFor(1)).isEqualTo(1);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"all-time, s", "all-time, ms", "daily, s", "daily, ms", "weekly, s", "weekly, ms", "monthly, s",
      "monthly, ms"})
  void maxScoreUpToThePackedLargestStaysPackedAndOneAboveGetsTheWideLayout(String period, String resolution) {
    String base = "\"period\":\"" + period + "\",\"tieResolution\":\"" + resolution + "\"";
    Board defaults = create("{" + base + "}");
    assertThat(defaults.layout()).isEqualTo(Layout.PACKED);
    long largest = defaults.largestScore();

    Board atLimit = create("{" + base + ",\"maxScore\":" + largest + "}");
    assertThat(atLimit.maxScore()).isEqualTo(largest);
    assertThat(atLimit.layout()).isEqualTo(Layout.PACKED);
    assertThat(atLimit.timeBits()).isEqualTo(defaults.timeBits());

    Board above = create("{" + base + ",\"maxScore\":" + (largest + 1) + "}");
    assertThat(above.layout()).isEqualTo(Layout.WIDE);
    assertThat(above.maxScore()).isEqualTo(largest + 1);
    assertThat(above.toJson().getJsonObject("limits").getString("layout")).isEqualTo("wide");

    // asking for the packed layout where it does not fit names the numbers
    assertInvalid("{" + base + ",\"layout\":\"packed\",\"maxScore\":" + (largest + 1) + "}", "layout")
        .hasMessageContaining(defaults.timeBits() + " time bits")
        .hasMessageContaining(String.valueOf(largest))
        .hasMessageContaining(String.valueOf(largest + 1));
  }

  @Test
  void maxScoreBelowTheLargestIsKept() {
    assertThat(create("{\"maxScore\": 1}").maxScore()).isEqualTo(1);
    assertThat(create("{\"period\":\"daily\",\"maxScore\": 1000000}").maxScore()).isEqualTo(1_000_000);
    assertThat(create("{\"maxScore\": 1000.0}").maxScore()).isEqualTo(1000); // an integral double is a whole number
  }

  // --- refused fields ---

  @Test
  void unknownFieldIsRefusedByName() {
    assertInvalid("{\"order\":\"desc\",\"colour\":\"red\"}", "colour")
        .hasMessageContaining("not a known field")
        .hasMessageContaining("maxScore"); // lists what is known
  }

  @Test
  void readOnlyFieldsAGetReturnsMayBeEchoedBack() {
    Board b = create("{\"period\":\"daily\"}");
    Board again = Board.define("scores", b.toJson(), b, NOW, DEFAULT_PARTITIONS, "ignored");
    assertThat(again).isEqualTo(b);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{\"order\": 5}                    | order",
      "{\"order\": true}                 | order",
      "{\"period\": [\"daily\"]}         | period",
      "{\"timezone\": 1}                 | timezone",
      "{\"tieResolution\": {}}           | tieResolution",
      "{\"operator\": 1}                 | operator",
      "{\"maxScore\": \"10\"}            | maxScore",
      "{\"maxScore\": 1.5}               | maxScore",
      "{\"maxScore\": 1e300}             | maxScore",
      "{\"maxScore\": 99999999999999999999999} | maxScore",
      "{\"maxScore\": -1}                | maxScore",
      "{\"maxScore\": 0}                 | maxScore",
      "{\"maxScore\": true}              | maxScore",
      "{\"retainPeriods\": 0}            | retainPeriods",
      "{\"retainPeriods\": 1001}         | retainPeriods",
      "{\"retainPeriods\": \"3\"}        | retainPeriods",
      "{\"graceSeconds\": -1}            | graceSeconds",
      "{\"graceSeconds\": 604801}        | graceSeconds",
      "{\"partitions\": 0}               | partitions",
      "{\"partitions\": 1025}            | partitions",
      "{\"partitions\": 2.5}             | partitions",
  })
  void wrongTypesAndRangesAreRefusedNamingTheField(String json, String field) {
    assertInvalid(json, field);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "order         | up     | desc, asc",
      "period        | hourly | all-time, daily, weekly, monthly",
      "tieResolution | us     | ms, s",
      "operator      | max    | incr, set, best",
  })
  void unknownEnumValuesAreRefusedListingTheAllowedOnes(String field, String value, String allowed) {
    assertInvalid("{\"" + field + "\":\"" + value + "\"}", field)
        .hasMessageContaining(allowed)
        .hasMessageContaining("'" + value + "'");
  }

  @Test
  void enumValuesAreCaseSensitive() {
    assertInvalid("{\"order\":\"DESC\"}", "order");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Mars/Olympus_Mons", "", "Europe/berlin ", "+25:00"})
  void badTimezoneIsRefused(String tz) {
    assertInvalid(new JsonObject().put("timezone", tz).encode(), "timezone")
        .hasMessageContaining("IANA")
        .hasMessageContaining("'" + tz + "'");
  }

  @Test
  void goodTimezoneIsKept() {
    assertThat(create("{\"period\":\"daily\",\"timezone\":\"Europe/Berlin\"}").zone())
        .isEqualTo(ZoneId.of("Europe/Berlin"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "Scores", "a b", "a/b", "é",
      "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}) // the last is 65 long
  void badBoardNameIsRefused(String name) {
    assertRefused(() -> Board.define(name, new JsonObject(), null, NOW, 1, UID), 400, "invalid_field")
        .hasMessageStartingWith("board ");
  }

  // --- updates ---

  private static Board existingDaily() {
    return create("{\"period\":\"daily\",\"order\":\"asc\",\"operator\":\"best\",\"timezone\":\"Europe/Berlin\","
        + "\"maxScore\":1000,\"tieResolution\":\"s\",\"retainPeriods\":3,\"graceSeconds\":60,\"partitions\":4}");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "{\"order\":\"desc\"}                 | order",
      "{\"period\":\"weekly\"}              | period",
      "{\"timezone\":\"UTC\"}               | timezone",
      "{\"tieResolution\":\"ms\"}           | tieResolution",
      "{\"partitions\":8}                   | partitions",
      "{\"denseRanks\":true}                | denseRanks",
  })
  void changingAFieldThatFixesTheEncodingIsAConflictNamingIt(String json, String field) {
    Board existing = existingDaily();
    assertRefused(() -> update(existing, json), 409, "board_conflict")
        .hasMessageStartingWith(field + " cannot change");
  }

  @Test
  void aTierBoardIsMarkedByItsDefinitionNotByItsName() {
    League.TierName gold = new League.TierName("ladder", "gold");
    Board tier = Board.define(gold.board(), new JsonObject(), null, NOW, DEFAULT_PARTITIONS, UID, gold);
    assertThat(tier.tier()).isEqualTo(gold);
    assertThat(Board.fromStored(tier.toStored())).isEqualTo(tier);
    assertThat(update(tier, "{\"graceSeconds\":60}").tier()).as("kept by an update").isEqualTo(gold);
    assertThat(tier.toJson().containsKey("tier")).as("not in the API's form").isFalse();
    assertThat(create("{}").tier()).isNull();
    assertThat(Board.fromStored(create("{}").toStored()).tier()).isNull();
    // a tier board stored before definitions named their tier
    JsonObject legacy = tier.toStored();
    legacy.remove("tier");
    assertThat(Board.fromStored(legacy).tier()).isEqualTo(gold);
  }

  @Test
  void denseRanksDefaultsToOffAndMustBeABoolean() {
    assertThat(existingDaily().denseRanks()).isFalse();
    assertThat(create("{\"denseRanks\":true}").denseRanks()).isTrue();
    assertThat(Board.fromStored(create("{\"denseRanks\":true}").toStored()).denseRanks()).isTrue();
    assertThat(Board.fromStored(create("{}").toStored()).denseRanks()).isFalse();
    assertRefused(() -> create("{\"denseRanks\":\"no\"}"), 400, "invalid_field")
        .hasMessageStartingWith("denseRanks must be true or false");
  }

  @Test
  void rankOnSubmitAndTheDedupeWindowHaveDefaultsAndMayChange() {
    Board allTime = create("{}");
    assertThat(allTime.rankOnSubmit()).isTrue();
    assertThat(allTime.dedupeSeconds()).isEqualTo(3600);
    Board daily = existingDaily();
    assertThat(daily.dedupeSeconds()).isEqualTo(PeriodKind.DAILY.maxLengthMillis() / 1000 + 60);
    Board changed = update(daily, "{\"rankOnSubmit\":false,\"dedupeSeconds\":600}");
    assertThat(changed.rankOnSubmit()).isFalse();
    assertThat(changed.dedupeSeconds()).isEqualTo(600);
    assertThat(Board.fromStored(changed.toStored())).isEqualTo(changed);
    assertRefused(() -> create("{\"dedupeSeconds\":0}"), 400, "invalid_field").hasMessageStartingWith("dedupeSeconds");
    assertRefused(() -> create("{\"rankOnSubmit\":1}"), 400, "invalid_field").hasMessageStartingWith("rankOnSubmit");
  }

  /** The access switches of a board: off by default, may change on an update, stored. */
  @ParameterizedTest
  @ValueSource(strings = {"publicReads", "clientWrites"})
  void accessSwitchesDefaultToOffMayChangeAndAreStored(String field) {
    Predicate<Board> on = b -> b.toJson().getBoolean(field);
    Board closed = create("{}");
    assertThat(on.test(closed)).isFalse();
    Board open = update(closed, "{\"" + field + "\":true}");
    assertThat(on.test(open)).isTrue();
    assertThat(field.equals("publicReads") ? open.publicReads() : open.clientWrites()).isTrue();
    assertThat(open.uid()).isEqualTo(closed.uid());
    assertThat(Board.fromStored(open.toStored())).isEqualTo(open);
    assertThat(on.test(update(open, "{}"))).as("kept when an update leaves it out").isTrue();
    // a definition stored before the field existed reads as off
    JsonObject old = closed.toStored();
    old.remove(field);
    assertThat(on.test(Board.fromStored(old))).isFalse();
    assertRefused(() -> create("{\"" + field + "\":\"yes\"}"), 400, "invalid_field")
        .hasMessageStartingWith(field + " must be true or false");
  }

  @Test
  void changingTheMutableFieldsKeepsIdentityAndEncoding() {
    Board existing = existingDaily();
    long largest = existing.largestScore();

    Board updated = update(existing,
        "{\"operator\":\"set\",\"retainPeriods\":7,\"graceSeconds\":0,\"maxScore\":" + largest + "}");

    assertThat(updated.operator()).isEqualTo(Operator.SET);
    assertThat(updated.retainPeriods()).isEqualTo(7);
    assertThat(updated.graceSeconds()).isZero();
    assertThat(updated.maxScore()).isEqualTo(largest);
    // unchanged
    assertThat(updated.uid()).isEqualTo(existing.uid());
    assertThat(updated.createdAt()).isEqualTo(existing.createdAt());
    assertThat(updated.origin()).isEqualTo(existing.origin());
    assertThat(updated.timeBits()).isEqualTo(existing.timeBits());
    assertThat(updated.order()).isEqualTo(existing.order());
    assertThat(updated.period()).isEqualTo(existing.period());
    assertThat(updated.zone()).isEqualTo(existing.zone());
    assertThat(updated.tieResolution()).isEqualTo(existing.tieResolution());
    assertThat(updated.partitions()).isEqualTo(existing.partitions());
  }

  @Test
  void updateWithTheSameFixedValuesOrAnEmptyBodyChangesNothing() {
    Board existing = existingDaily();
    assertThat(update(existing, "{}")).isEqualTo(existing);
    assertThat(update(existing, "{\"order\":\"asc\",\"period\":\"daily\",\"timezone\":\"Europe/Berlin\","
        + "\"tieResolution\":\"s\",\"partitions\":4}")).isEqualTo(existing);
  }

  @Test
  void updateCannotRaiseMaxScoreBeyondTheExistingBudget() {
    Board existing = existingDaily();
    long largest = existing.largestScore();
    assertRefused(() -> update(existing, "{\"maxScore\":" + (largest + 1) + "}"), 400, "invalid_field")
        .hasMessageStartingWith("maxScore ")
        .hasMessageContaining(String.valueOf(largest))
        .hasMessageContaining(existing.timeBits() + " time bits");
  }

  @Test
  void updateOfAnAllTimeBoardKeepsItsSecondTiesWithoutRestatingThem() {
    Board existing = create("{}");
    Board updated = update(existing, "{\"operator\":\"best\"}");
    assertThat(updated.tieResolution()).isEqualTo(TieResolution.S);
    assertThat(updated.origin()).isEqualTo(existing.origin());
  }

  // --- stored form ---

  @Test
  void storedFormRoundTrips() {
    for (Board b : new Board[] {create("{}"), existingDaily(), create("{\"period\":\"monthly\",\"tieResolution\":\"ms\","
        + "\"timezone\":\"America/New_York\",\"operator\":\"set\",\"maxScore\":12345}")}) {
      JsonObject stored = b.toStored();
      // through a string, as it goes to Redis
      Board back = Board.fromStored(new JsonObject(stored.encode()));
      assertThat(back).isEqualTo(b);
    }
  }

  // --- periods ---

  @Test
  void allTimePeriodStartsAtTheOriginAndEndsWhereTheTimeBitsRunOut() {
    Board b = create("{}");
    Period p = b.periodOf(NOW.plus(Duration.ofDays(400)));

    assertThat(p.kind()).isEqualTo(PeriodKind.ALL_TIME);
    assertThat(p.id()).isEqualTo("all");
    assertThat(p.start()).isEqualTo(Instant.ofEpochMilli(b.origin()));
    assertThat(p.end()).isEqualTo(Instant.ofEpochMilli(b.origin() + (1L << b.timeBits()) * 1000));
    // covers at least the promised ten years
    assertThat(p.length()).isGreaterThanOrEqualTo(Board.ALL_TIME_SPAN);
    assertThat(b.parsePeriod("all")).isEqualTo(p);
    assertThat(b.toJson().getJsonObject("limits").getLong("acceptsEventsUntil")).isEqualTo(p.end().toEpochMilli());

    Board ms = create("{\"tieResolution\":\"ms\"}");
    Period pm = ms.periodOf(NOW);
    assertThat(pm.start()).isEqualTo(NOW);
    assertThat(pm.end()).isEqualTo(NOW.plusMillis(1L << 39));
    assertThat(pm.length()).isGreaterThanOrEqualTo(Board.ALL_TIME_SPAN);
  }

  @Test
  void periodicBoardUsesItsCalendar() {
    Board b = create("{\"period\":\"daily\",\"timezone\":\"Asia/Tokyo\"}");
    Period p = b.periodOf(Instant.parse("2025-04-15T16:00:00Z")); // 01:00 on the 16th in Tokyo
    assertThat(p.id()).isEqualTo("2025-04-16");
    assertThat(b.parsePeriod("2025-04-16")).isEqualTo(p);
    // the longest period of the kind fits the time bits
    assertThat(b.codec().timeSpanUnits()).isGreaterThanOrEqualTo(p.length().toMillis());
  }

  @Test
  void eventsAtTheEdgesOfThePeriodEncode() {
    Consumer<Board> check = b -> {
      Period p = b.periodOf(NOW);
      long unit = b.tieResolution().millis();
      long lastOffset = (p.end().toEpochMilli() - 1 - p.start().toEpochMilli()) / unit;
      ScoreCodec codec = b.codec();
      long c = codec.encode(b.maxScore(), lastOffset);
      assertThat(codec.offsetUnits(c)).isEqualTo(lastOffset);
      assertThat(codec.score(c)).isEqualTo(b.maxScore());
    };
    check.accept(create("{}"));
    check.accept(create("{\"tieResolution\":\"ms\"}"));
    check.accept(create("{\"period\":\"monthly\",\"tieResolution\":\"ms\"}"));
  }

  // --- layouts: packed when the board fits, wide otherwise ---

  @Test
  void aBoardThatFitsThePackedLayoutKeepsItAndAnyOtherGetsTheWideOne() {
    assertThat(create("{}").layout()).isEqualTo(Layout.PACKED);
    assertThat(create("{\"maxScore\": 1000}").layout()).isEqualTo(Layout.PACKED);
    assertThat(create("{\"minScore\": -1}").layout()).isEqualTo(Layout.WIDE);
    assertThat(create("{\"sortKeys\": [{\"name\":\"deaths\",\"max\":100}]}").layout()).isEqualTo(Layout.WIDE);
    assertThat(create("{\"layout\": \"wide\", \"maxScore\": 10}").layout()).isEqualTo(Layout.WIDE);
    // beyond the packed budget, so wide: coin totals on an all-time board with ms ties
    Board coins = create("{\"tieResolution\":\"ms\",\"maxScore\": 100000000000}");
    assertThat(coins.layout()).isEqualTo(Layout.WIDE);
    assertThat(coins.maxScore()).isEqualTo(100_000_000_000L);
    JsonObject limits = coins.toJson().getJsonObject("limits");
    assertThat(limits.getString("layout")).isEqualTo("wide");
    assertThat(limits.getString("layoutReason")).contains("exact score");
    assertThat(limits.getLong("largestScore")).isEqualTo(Fields.MAX_EXACT);
    assertThat(limits.getLong("acceptsEventsUntil")).isEqualTo(Board.WIDE_ALL_TIME_END);
    Board negative = create("{\"minScore\": -9007199254740991}");
    assertThat(negative.maxScore()).isEqualTo(Fields.MAX_EXACT);
    assertThat(negative.minScore()).isEqualTo(-Fields.MAX_EXACT);
    assertThat(create("{}").toJson().getJsonObject("limits").getString("layout")).isEqualTo("packed");
  }

  @Test
  void aScoreRangeOrSortKeysThatMakeNoSenseAreRefusedNamingTheField() {
    assertInvalid("{\"minScore\": 10, \"maxScore\": 10}", "maxScore").hasMessageContaining("greater than minScore 10");
    assertInvalid("{\"layout\": \"square\"}", "layout");
    assertInvalid("{\"layout\": \"packed\", \"minScore\": -1}", "layout").hasMessageContaining("minScore is below 0");
    assertInvalid("{\"sortKeys\": {}}", "sortKeys");
    assertInvalid("{\"sortKeys\": [1]}", "sortKeys[0]");
    assertInvalid("{\"sortKeys\": [{\"max\": 3}]}", "sortKeys[0].name");
    assertInvalid("{\"sortKeys\": [{\"name\":\"Deaths\",\"max\":3}]}", "sortKeys[0].name");
    assertInvalid("{\"sortKeys\": [{\"name\":\"d\"}]}", "sortKeys[0].max");
    assertInvalid("{\"sortKeys\": [{\"name\":\"d\",\"min\":5,\"max\":5}]}", "sortKeys[0].max");
    assertInvalid("{\"sortKeys\": [{\"name\":\"d\",\"max\":5,\"order\":\"up\"}]}", "sortKeys[0].order");
    assertInvalid("{\"sortKeys\": [{\"name\":\"d\",\"max\":5},{\"name\":\"d\",\"max\":5}]}", "sortKeys[1].name");
    assertInvalid("{\"sortKeys\": [{\"name\":\"a\",\"max\":1},{\"name\":\"b\",\"max\":1},"
        + "{\"name\":\"c\",\"max\":1},{\"name\":\"d\",\"max\":1}]}", "sortKeys");
    assertInvalid("{\"sortKeys\": [{\"name\":\"d\",\"max\":5,\"step\":1}]}", "sortKeys[0].step");
  }

  @Test
  void theLayoutAndTheSortKeysCannotChangeAndAPackedBoardStaysAtOrAboveZero() {
    Board keyed = create("{\"sortKeys\": [{\"name\":\"deaths\",\"max\":100}]}");
    assertRefused(() -> update(keyed, "{\"sortKeys\": [{\"name\":\"deaths\",\"max\":200}]}"), 409, "board_conflict")
        .hasMessageContaining("sortKeys");
    assertThat(update(keyed, "{\"minScore\": -5}").minScore()).isEqualTo(-5);
    assertThat(update(keyed, "{\"retainPeriods\": 5}").sortKeys()).isEqualTo(keyed.sortKeys());
    Board packed = create("{}");
    assertRefused(() -> update(packed, "{\"layout\": \"wide\"}"), 409, "board_conflict").hasMessageContaining("layout");
    assertRefused(() -> update(packed, "{\"minScore\": -1}"), 400, "invalid_field").hasMessageStartingWith("minScore ");
    assertThat(update(packed, "{\"minScore\": 5}").minScore()).isEqualTo(5);
    assertThat(Board.fromStored(keyed.toStored())).isEqualTo(keyed);
  }

  @Test
  void aBoardStoredBeforeLayoutsExistedLoadsAsPackedWithTheSameLimits() {
    Board now = create("{\"period\":\"daily\",\"maxScore\": 5000}");
    JsonObject old = now.toStored();
    old.remove("layout");
    old.remove("minScore");
    old.remove("sortKeys");
    old.getJsonObject("limits").remove("layout");
    Board loaded = Board.fromStored(old);
    assertThat(loaded.layout()).isEqualTo(Layout.PACKED);
    assertThat(loaded.minScore()).isZero();
    assertThat(loaded.sortKeys()).isEmpty();
    assertThat(loaded).isEqualTo(now);
  }
}
