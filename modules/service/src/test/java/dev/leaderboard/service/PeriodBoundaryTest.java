package dev.leaderboard.service;


import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Events on either side of real period boundaries land in the right period, and their times at
 * the very edges of a period (first and last millisecond, 23- and 25-hour days) pack exactly.
 */
@ExtendWith(VertxExtension.class)
class PeriodBoundaryTest {
  private final TestClock clock = new TestClock(Instant.parse("2025-01-01T00:00:00Z"));
  private JsonService service;
  private AdminVerticle admin;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    admin = new AdminVerticle(new AdminVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 3_600_000));
    vertx.deployVerticle(admin).await();
    service = JsonService.proxy(vertx);
  }

  private String board(String period, String zone) {
    String name = "pb-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", period).put("timezone", zone).put("operator", "set").put("denseRanks", true)).await();
    return name;
  }

  /** Submits at {@code at} with the clock just after it, and checks the period and the exact time kept. */
  private void lands(String board, String user, String at, String period) {
    long t = Instant.parse(at).toEpochMilli();
    clock.set(Instant.ofEpochMilli(t + 1));
    JsonObject r = service.submit(board, new JsonObject().put("userId", user).put("value", 10).put("at", t)).await();
    assertThat(r.getString("period")).as("period of %s", at).isEqualTo(period);
    assertThat(r.getLong("at")).as("time kept for %s", at).isEqualTo(t);
  }

  @Test
  void newYorkAcrossBothDaylightSavingChanges() {
    String b = board("daily", "America/New_York");
    lands(b, "a", "2025-03-09T04:59:59.999Z", "2025-03-08"); // 23:59:59.999 EST
    lands(b, "b", "2025-03-09T05:00:00Z", "2025-03-09"); // midnight EST, a 23-hour day
    lands(b, "c", "2025-03-10T03:59:59.999Z", "2025-03-09"); // 23:59:59.999 EDT
    lands(b, "d", "2025-03-10T04:00:00Z", "2025-03-10");
    lands(b, "e", "2025-11-02T04:00:00Z", "2025-11-02"); // midnight EDT, a 25-hour day
    lands(b, "f", "2025-11-03T04:59:59.999Z", "2025-11-02"); // 23:59:59.999 EST, 25 h after its start
    lands(b, "g", "2025-11-03T05:00:00Z", "2025-11-03");
    // the first and last millisecond of the 25-hour day rank by time
    JsonObject day = service.entries(b, "2025-11-02", 0L, 10, null).await();
    assertThat(day.getJsonArray("entries").stream().map(o -> ((JsonObject) o).getString("userId")))
        .containsExactly("e", "f");
  }

  @Test
  void isoWeek53AndItsClose() {
    String b = board("weekly", "UTC");
    lands(b, "a", "2020-12-28T00:00:00Z", "2020-W53");
    lands(b, "b", "2021-01-03T23:59:59.999Z", "2020-W53");
    lands(b, "c", "2021-01-04T00:00:00Z", "2021-W01");
    JsonObject live = service.entries(b, "2020-W53", 0L, 10, "dense").await();
    clock.set(Instant.parse("2021-01-04T00:05:01Z")); // end of week 53 plus the default 300 s grace
    admin.tick().await();
    JsonObject periods = service.periods(b).await();
    assertThat(periods.getJsonArray("periods").stream().map(o -> (JsonObject) o)
        .filter(p -> p.getString("period").equals("2020-W53")).findFirst().orElseThrow().getString("state"))
        .isEqualTo("archived");
    assertThat(service.entries(b, "2020-W53", 0L, 10, "dense").await()).isEqualTo(live);
    assertThat(service.entries(b, "2021-W01", 0L, 10, null).await().getJsonArray("entries")).hasSize(1);
  }

  @Test
  void february29() {
    String monthly = board("monthly", "UTC");
    lands(monthly, "a", "2024-02-29T23:59:59.999Z", "2024-02");
    lands(monthly, "b", "2024-03-01T00:00:00Z", "2024-03");
    String daily = board("daily", "Europe/Berlin");
    lands(daily, "a", "2024-02-28T23:00:00Z", "2024-02-29"); // midnight in Berlin
    lands(daily, "b", "2024-02-29T22:59:59.999Z", "2024-02-29");
    lands(daily, "c", "2024-02-29T23:00:00Z", "2024-03-01");
    JsonArray leap = service.entries(daily, "2024-02-29", 0L, 10, null).await().getJsonArray("entries");
    assertThat(leap.stream().map(o -> ((JsonObject) o).getString("userId"))).containsExactly("a", "b");
  }
}
