package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FieldsTest {

  private static final long MAX = (1L << 53) - 1;

  private static AbstractThrowableAssert<?, ? extends Throwable> assertInvalid(Object value) {
    return assertThatThrownBy(() -> Fields.integer("value", value, Long.MIN_VALUE, Long.MAX_VALUE))
        .isInstanceOf(LeaderboardException.class)
        .satisfies(e -> {
          assertThat(((LeaderboardException) e).status()).isEqualTo(400);
          assertThat(((LeaderboardException) e).code()).isEqualTo("invalid_field");
        })
        .hasMessageStartingWith("value ");
  }

  @Test
  void maxExactIs2To53Minus1() {
    assertThat(Fields.MAX_EXACT).isEqualTo(MAX);
  }

  @Test
  void integersAcceptIntegerLongAndIntegralDoubles() {
    assertThat(Fields.integer("v", 7, 0, 10)).isEqualTo(7);
    assertThat(Fields.integer("v", 7L, 0, 10)).isEqualTo(7);
    assertThat(Fields.integer("v", 7.0, 0, 10)).isEqualTo(7);
    assertThat(Fields.integer("v", -0.0, -1, 1)).isEqualTo(0);
    assertThat(Fields.integer("v", -3.0, -10, 10)).isEqualTo(-3);
    assertThat(Fields.integer("v", MAX, 0, MAX)).isEqualTo(MAX);
    assertThat(Fields.integer("v", (double) MAX, 0, MAX)).isEqualTo(MAX);
    assertThat(Fields.integer("v", -(double) MAX, -MAX, 0)).isEqualTo(-MAX);
    assertThat(Fields.integer("v", 1e15, 0, MAX)).isEqualTo(1_000_000_000_000_000L);
  }

  @Test
  void valuesParsedFromJsonText() {
    JsonObject o = new JsonObject("{\"a\": 12, \"b\": 3000000000, \"c\": 5.0, \"d\": 5.5, \"e\": 1e300,"
        + " \"f\": 123456789012345678901234567890, \"g\": \"12\", \"h\": null}");
    assertThat(Fields.integer(o, "", "a", null, 0, MAX)).isEqualTo(12);
    assertThat(Fields.integer(o, "", "b", null, 0, MAX)).isEqualTo(3_000_000_000L);
    assertThat(Fields.integer(o, "", "c", null, 0, MAX)).isEqualTo(5);
    assertThat(Fields.integer(o, "", "h", 9L, 0, MAX)).isEqualTo(9);
    assertThat(Fields.integer(o, "", "missing", 9L, 0, MAX)).isEqualTo(9);
    assertThat(Fields.integer(o, "", "missing", null, 0, MAX)).isNull();
    for (String f : new String[] {"d", "e", "f", "g"}) {
      assertThatThrownBy(() -> Fields.integer(o, "events[2].", f, null, 0, MAX))
          .isInstanceOf(LeaderboardException.class)
          .hasMessageStartingWith("events[2]." + f + " ");
    }
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, -0.5, 1.000001, 1e-300, Double.NaN, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, 9007199254740992.0, -9007199254740992.0, 1e300})
  void refusesFractionsNonFiniteAndBeyond2To53(double d) {
    assertInvalid(d);
  }

  @Test
  void refusesFractionsNamingTheRule() {
    assertInvalid(1.5).hasMessageContaining("fraction").hasMessageContaining("1.5");
    assertInvalid(1.5f);
    assertInvalid(new BigDecimal("2.25"));
    assertInvalid(Double.NaN).hasMessageContaining(String.valueOf(MAX));
  }

  @Test
  void refusesBigIntegerStringsAndOtherTypes() {
    assertInvalid(new BigInteger("123456789012345678901234567890")).hasMessageContaining(String.valueOf(MAX));
    assertInvalid(BigInteger.ONE);
    assertInvalid("12").hasMessageContaining("must be a number");
    assertInvalid(true);
    assertInvalid(new JsonObject());
    assertInvalid(new JsonArray().add(1));
  }

  @Test
  void refusesOutOfRangeWithBothBoundsAndTheValue() {
    assertThatThrownBy(() -> Fields.integer("limit", 101, 1, 100))
        .isInstanceOf(LeaderboardException.class)
        .hasMessage("limit must be between 1 and 100 (got 101)");
    assertThatThrownBy(() -> Fields.integer("limit", 0L, 1, 100)).hasMessageStartingWith("limit must be between");
    assertThatThrownBy(() -> Fields.integer("limit", 100.0 + 1, 1, 100)).hasMessageContaining("(got 101)");
    assertThat(Fields.integer("limit", 1, 1, 100)).isEqualTo(1);
    assertThat(Fields.integer("limit", 100, 1, 100)).isEqualTo(100);
  }

  @Test
  void stringsAndObjects() {
    JsonObject o = new JsonObject().put("s", "x").put("n", 1);
    assertThat(Fields.string(o, "", "s", null)).isEqualTo("x");
    assertThat(Fields.string(o, "", "missing", "def")).isEqualTo("def");
    assertThatThrownBy(() -> Fields.string(o, "p.", "n", null)).hasMessage("p.n must be a string");
    assertThat(Fields.object(o, "body")).isSameAs(o);
    assertThatThrownBy(() -> Fields.object("x", "body")).hasMessage("body must be a JSON object");
    assertThatThrownBy(() -> Fields.array(o, "s")).hasMessage("s must be a JSON array");
  }

  @Test
  void onlyKnownNamesTheFirstUnknownFieldAndTheKnownOnes() {
    JsonObject o = new JsonObject().put("userId", "u").put("zeta", 1).put("alpha", 2);
    assertThatThrownBy(() -> Fields.onlyKnown(o, "events[0].", Set.of("userId", "value")))
        .isInstanceOf(LeaderboardException.class)
        .hasMessageStartingWith("events[0].alpha is not a known field")
        .hasMessageContaining("userId, value");
    Fields.onlyKnown(new JsonObject().put("value", 1), "", Set.of("userId", "value"));
  }
}
