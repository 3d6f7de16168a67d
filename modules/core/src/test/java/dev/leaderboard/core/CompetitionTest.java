package dev.leaderboard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CompetitionTest {
  private static final Instant NOW = Instant.parse("2025-04-15T10:20:30.456Z");

  private static Board create(String json) {
    return Board.define("cup", new JsonObject(json), null, NOW, 8, "uid-1");
  }

  private static Board update(Board b, String json) {
    return Board.define("cup", new JsonObject(json), b, NOW.plusSeconds(60), 8, "uid-2");
  }

  private static void refused(String json, String field, String rule) {
    assertThatThrownBy(() -> create(json)).isInstanceOfSatisfying(LeaderboardException.class, e -> {
      assertThat(e.status()).isEqualTo(400);
      assertThat(e.code()).isEqualTo("invalid_field");
      assertThat(e.getMessage()).startsWith(field + " ").contains(rule);
    });
  }

  @Test
  void aBoardWithoutCompetitionFieldsIsOpen() {
    Board b = create("{}");
    assertThat(b.competition()).isEqualTo(Competition.OPEN);
    assertThat(b.toJson().getBoolean("joinRequired")).isFalse();
    assertThat(b.toJson().containsKey("maxSize")).isFalse();
  }

  @Test
  void everyFieldIsReadShownAndStored() {
    Board b = create("{\"period\":\"daily\",\"joinRequired\":true,\"maxSize\":50,\"maxAttempts\":3,"
        + "\"startsAt\":\"2025-05-01T18:00:00+02:00\",\"endsAt\":\"2025-05-08T16:00:00Z\",\"activeFor\":\"PT12H\","
        + "\"cohortSize\":7,\"cohortBy\":\"bracket\"}");
    Competition c = b.competition();
    assertThat(c).isEqualTo(new Competition(true, 50, 3, Instant.parse("2025-05-01T16:00:00Z"),
        Instant.parse("2025-05-08T16:00:00Z"), Duration.ofHours(12), 7, "bracket"));
    assertThat(Board.fromStored(b.toStored()).competition()).isEqualTo(c);
    assertThat(b.toJson().getString("startsAt")).isEqualTo("2025-05-01T16:00:00Z");
    assertThat(b.toJson().getString("activeFor")).isEqualTo("PT12H");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"joinRequired\":\"yes\"}|joinRequired|",
      "{\"maxSize\":0}|maxSize|",
      "{\"maxSize\":1.5}|maxSize|",
      "{\"maxAttempts\":0}|maxAttempts|",
      "{\"startsAt\":\"tomorrow\"}|startsAt|RFC 3339",
      "{\"endsAt\":\"2025-05-01\"}|endsAt|RFC 3339",
      "{\"startsAt\":\"2025-05-02T00:00:00Z\",\"endsAt\":\"2025-05-01T00:00:00Z\"}|endsAt|after startsAt",
      "{\"startsAt\":\"2025-05-01T00:00:00Z\",\"endsAt\":\"2025-05-01T00:00:00Z\"}|endsAt|after startsAt",
      "{\"activeFor\":\"48 hours\"}|activeFor|ISO-8601",
      "{\"activeFor\":\"-PT1H\"}|activeFor|positive",
      "{\"activeFor\":\"PT0S\"}|activeFor|positive",
      "{\"period\":\"daily\",\"activeFor\":\"PT25H\"}|activeFor|period's length",
      "{\"startsAt\":\"2025-05-01T00:00:00Z\",\"endsAt\":\"2025-05-02T00:00:00Z\",\"activeFor\":\"P2D\"}|activeFor|period's length",
      "{\"cohortSize\":1}|cohortSize|",
      "{\"cohortSize\":10001}|cohortSize|",
      "{\"cohortBy\":\"bracket\"}|cohortBy|needs cohortSize",
      "{\"cohortSize\":5,\"cohortBy\":\"a b\"}|cohortBy|join attribute",
      "{\"cohortSize\":5,\"cohortBy\":\"\"}|cohortBy|join attribute"})
  void brokenFieldsAreRefusedNamingTheFieldAndRule(String json, String field, String rule) {
    refused(json, field, rule == null ? "" : rule);
  }

  @Test
  void anUpdateKeepsAbsentFieldsAndRemovesNullOnes() {
    Board b = create("{\"joinRequired\":true,\"maxSize\":50,\"maxAttempts\":3,\"cohortSize\":7}");
    Board kept = update(b, "{\"maxAttempts\":5}");
    assertThat(kept.competition()).isEqualTo(new Competition(true, 50, 5, null, null, null, 7, null));
    Board removed = update(b, "{\"maxSize\":null,\"joinRequired\":false}");
    assertThat(removed.competition()).isEqualTo(new Competition(false, null, 3, null, null, null, 7, null));
  }

  @Test
  void cohortFieldsAreFixedOnceTheBoardExists() {
    Board b = create("{\"cohortSize\":7}");
    assertThatThrownBy(() -> update(b, "{\"cohortSize\":8}")).isInstanceOfSatisfying(LeaderboardException.class,
        e -> assertThat(e.code()).isEqualTo("board_conflict"));
    assertThatThrownBy(() -> update(create("{}"), "{\"cohortSize\":8}"))
        .isInstanceOfSatisfying(LeaderboardException.class, e -> assertThat(e.code()).isEqualTo("board_conflict"));
  }

  @Test
  void theWindowNamesWhatIsOutside() {
    Board b = create("{\"period\":\"daily\",\"startsAt\":\"2025-05-01T00:00:00Z\",\"endsAt\":\"2025-05-03T12:00:00Z\","
        + "\"activeFor\":\"PT6H\"}");
    Competition c = b.competition();
    Period may2 = b.periodOf(Instant.parse("2025-05-02T01:00:00Z"));
    assertThat(c.outsideWindow(may2, Instant.parse("2025-04-30T23:59:59Z"))).contains("startsAt");
    assertThat(c.outsideWindow(may2, Instant.parse("2025-05-02T05:59:59.999Z"))).isNull();
    assertThat(c.outsideWindow(may2, Instant.parse("2025-05-02T06:00:00Z"))).contains("activeFor PT6H");
    Period may3 = b.periodOf(Instant.parse("2025-05-03T01:00:00Z"));
    assertThat(c.outsideWindow(may3, Instant.parse("2025-05-03T12:00:00Z"))).contains("endsAt");
    assertThat(c.activeEnd(may3)).isEqualTo(Instant.parse("2025-05-03T06:00:00Z"));
  }

  @Test
  void endsAtClosesThePeriodItFallsIn() {
    Board b = create("{\"period\":\"daily\",\"endsAt\":\"2025-05-03T12:00:00Z\",\"graceSeconds\":60}");
    Period may3 = b.periodOf(Instant.parse("2025-05-03T01:00:00Z"));
    Period may2 = b.periodOf(Instant.parse("2025-05-02T01:00:00Z"));
    assertThat(b.closesAt(may3)).isEqualTo(Instant.parse("2025-05-03T12:00:00Z").toEpochMilli());
    assertThat(b.closesAt(may2)).isEqualTo(may2.end().toEpochMilli() + 60_000);
    Board allTime = create("{\"endsAt\":\"2025-05-03T12:00:00Z\"}");
    Period all = allTime.parsePeriod("all");
    assertThat(allTime.isPastClose(all, Instant.parse("2025-05-03T11:59:59.999Z").toEpochMilli())).isFalse();
    assertThat(allTime.isPastClose(all, Instant.parse("2025-05-03T12:00:00Z").toEpochMilli())).isTrue();
    assertThat(create("{}").isPastClose(all, Long.MAX_VALUE / 2)).isFalse();
  }
}
