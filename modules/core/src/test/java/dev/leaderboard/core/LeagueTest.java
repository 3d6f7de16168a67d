package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A league's definition: its checks, what is fixed, storage, and the names of its tier boards. */
class LeagueTest {
  private static final Instant NOW = Instant.parse("2025-04-15T10:20:30Z");

  static JsonObject spec() {
    return new JsonObject().put("tiers", new JsonArray().add("bronze").add("silver").add("gold")).put("cohortSize", 30)
        .put("promote", 5).put("relegate", "10%").put("period", "weekly").put("timezone", "Europe/Berlin");
  }

  private static League define(JsonObject spec, League existing) {
    return League.define("ladder", spec, existing, NOW, "uid-1");
  }

  @Test
  void aDefinitionKeepsItsFieldsAndRoundTrips() {
    League l = define(spec(), null);
    assertThat(l.tiers()).containsExactly("bronze", "silver", "gold");
    assertThat(l.promote()).isEqualTo(new LeagueQuota(5, false));
    assertThat(l.relegate()).isEqualTo(new LeagueQuota(10, true));
    assertThat(l.autoJoin()).isTrue();
    assertThat(l.dropInactive()).isFalse();
    assertThat(l.order()).isEqualTo(Order.DESC);
    assertThat(League.fromStored(l.toStored())).isEqualTo(l);
    assertThat(l.toJson().getValue("relegate")).isEqualTo("10%");
    assertThat(l.toJson().containsKey("uid")).isFalse();
  }

  @Test
  void tierBoardsAreBoardsNoCallerCanName() {
    League l = define(spec(), null);
    assertThat(l.tierBoard("gold")).isEqualTo("~ladder.gold");
    Board b = Board.define(l.tierBoard("gold"), l.boardSpec("gold"), null, NOW, 4, "b-1");
    assertThat(b.competition().cohortSize()).isEqualTo(30);
    assertThat(b.period()).isEqualTo(PeriodKind.WEEKLY);
    assertThatThrownBy(() -> Names.board("board", "~ladder.gold")).hasMessageContaining("board must be 1-64");
    assertThatThrownBy(() -> Names.boardOrTier("board", "~ladder")).hasMessageContaining("board must be 1-64");
    assertThatThrownBy(() -> Names.boardOrTier("board", "~lad der.gold")).hasMessageContaining("board must be 1-64");
  }

  @ParameterizedTest(name = "{0} = {1}: {2}")
  @CsvSource(delimiter = '|', value = {
      "tiers|[\"bronze\"]|tiers must hold 2 to 20 tier names (got 1)",
      "tiers|[\"a\",\"b\",\"a\"]|tiers[2] must be unique",
      "tiers|[\"a\",\"B\"]|tiers[1] must be 1-64 characters",
      "tiers|[\"a\",2]|tiers[1] must be 1-64 characters",
      "tiers|\"a\"|tiers is required: a JSON array",
      "tiers|[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\",\"j\",\"k\",\"l\",\"m\",\"n\",\"o\",\"p\",\"q\",\"r\",\"s\",\"t\",\"u\"]|tiers must hold 2 to 20 tier names (got 21)",
      "cohortSize|1|cohortSize must be between 2 and 10000 (got 1)",
      "promote|31|promote must be between 0 and 30 (got 31)",
      "promote|-1|promote must be between 0 and 30 (got -1)",
      "promote|\"101%\"|promote must be a whole number or a percent",
      "promote|\"5.5%\"|promote must be a whole number or a percent",
      "relegate|\"95%\"|relegate together with promote must not exceed",
      "period|\"all-time\"|period must be daily, weekly or monthly",
      "period|\"hourly\"|period must be one of",
      "timezone|\"Mars/Olympus\"|timezone must be an IANA time zone",
      "autoJoin|1|autoJoin must be true or false",
      "colour|\"red\"|colour is not a known field"})
  void aBrokenRuleIsNamedWithItsField(String field, String json, String message) {
    JsonObject s = spec().put(field, Json.decodeValue(json));
    if (field.equals("relegate")) {
      s.put("promote", "10%");
    }
    assertThatThrownBy(() -> define(s, null)).isInstanceOf(LeaderboardException.class)
        .hasMessageContaining(message).satisfies(e -> assertThat(((LeaderboardException) e).failureCode()).isEqualTo(400));
  }

  @Test
  void requiredFieldsAreNamed() {
    for (String field : new String[] {"tiers", "cohortSize", "promote", "relegate", "period"}) {
      JsonObject s = spec();
      s.remove(field);
      assertThatThrownBy(() -> define(s, null)).hasMessageStartingWith(field + " ");
    }
  }

  @Test
  void whatTheTierBoardsFixCannotChangeButTheQuotasCan() {
    League l = define(spec(), null);
    League changed = define(new JsonObject().put("promote", "20%").put("dropInactive", true).put("autoJoin", false), l);
    assertThat(changed.promote()).isEqualTo(new LeagueQuota(20, true));
    assertThat(changed.dropInactive()).isTrue();
    assertThat(changed.autoJoin()).isFalse();
    assertThat(changed.uid()).isEqualTo("uid-1");
    assertThat(changed.tiers()).isEqualTo(l.tiers());
    for (JsonObject change : new JsonObject[] {new JsonObject().put("cohortSize", 20),
        new JsonObject().put("tiers", new JsonArray().add("a").add("b")), new JsonObject().put("period", "daily"),
        new JsonObject().put("order", "asc"), new JsonObject().put("operator", "best"),
        new JsonObject().put("timezone", "UTC")}) {
      assertThatThrownBy(() -> define(change, l)).isInstanceOf(LeaderboardException.class)
          .satisfies(e -> assertThat(((LeaderboardException) e).failureCode()).isEqualTo(409))
          .hasMessageStartingWith(change.fieldNames().iterator().next() + " cannot change");
    }
  }

  @ParameterizedTest(name = "{0} of {1} = {2}")
  @CsvSource({"5, 30, 5", "5, 3, 3", "10%, 30, 3", "10%, 29, 2", "10%, 9, 0", "100%, 7, 7", "0, 30, 0"})
  void aQuotaCountsOrTakesAWholeShare(String quota, int members, int moved) {
    Object v = quota.endsWith("%") ? quota : (Object) Integer.parseInt(quota);
    assertThat(LeagueQuota.parse("promote", v, 30).of(members)).isEqualTo(moved);
  }

  private static final class Json {
    static Object decodeValue(String s) {
      return io.vertx.core.json.Json.decodeValue(s);
    }
  }
}
