package dev.leaderboard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.leaderboard.embedded.TestPostgres;
import dev.leaderboard.embedded.TestShards;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.serviceproxy.ServiceException;
import java.time.Instant;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Closing a period on request: only one that has started and that the board can hold data for
 * (it has data, or it is one of the newest {@code retainPeriods} periods and ended after the board
 * was created); an archived one answers the same again. A refused close archives nothing.
 */
@ExtendWith(VertxExtension.class)
class PeriodCloseRuleTest {
  /** The board is created at noon on April 15 (UTC); it keeps 3 periods. */
  private static final Instant CREATED = Instant.parse("2025-04-15T12:00:00Z");
  private final TestClock clock = new TestClock(CREATED);
  private JsonService service;

  @BeforeEach
  void deploy(Vertx vertx) {
    vertx.deployVerticle(new LeaderboardVerticle(new LeaderboardVerticle.Options(NodeStore.Options.of(TestShards.endpoints(), TestPostgres.uri()), clock, 4))).await();
    service = JsonService.proxy(vertx);
  }

  /** A daily UTC board keeping 3 periods, with alice's score in April 15. */
  private String dailyBoard() {
    String name = "pc-" + UUID.randomUUID().toString().substring(0, 8);
    service.putBoard(name, new JsonObject().put("period", "daily").put("timezone", "UTC").put("retainPeriods", 3))
        .await();
    service.submit(name, new JsonObject().put("userId", "alice").put("value", 5)).await();
    return name;
  }

  static Stream<Arguments> refusedCloses() {
    return Stream.of(
        arguments("the last day of year 9999", "2025-04-15T12:00:00Z", "9999-12-31", "period_not_started", "9999-12-31"),
        arguments("tomorrow", "2025-04-15T12:00:00Z", "2025-04-16", "period_not_started", "has not started"),
        arguments("the first day of 1900", "2025-04-15T12:00:00Z", "1900-01-01", "period_not_retained", "1900-01-01"),
        arguments("the day before the board was created", "2025-04-15T12:00:00Z", "2025-04-14", "period_not_retained",
            "before the board was created"),
        arguments("a day without data older than the newest 3", "2025-04-20T12:00:00Z", "2025-04-16", "period_not_retained",
            "2025-04-18 to 2025-04-20"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedCloses")
  void refusedCloseIsA409AndArchivesNothing(String name, String now, String period, String code, String mention) {
    String board = dailyBoard();
    clock.set(Instant.parse(now));
    JsonObject before = service.periods(board).await();

    Throwable refused = catchThrowable(() -> service.closePeriod(board, period).await());

    assertThat(refused).isInstanceOf(ServiceException.class);
    ServiceException e = (ServiceException) refused;
    assertThat(e.failureCode()).isEqualTo(409);
    assertThat(e.getDebugInfo().getString("error")).isEqualTo(code);
    assertThat(e.getMessage()).contains(period).contains(mention);
    assertThat(service.periods(board).await()).isEqualTo(before);
  }

  @Test
  void pastPeriodsWithDataOrWithinTheRetainedHistoryClose() {
    String board = dailyBoard();
    // two days on: April 16 (no data, within the newest 3) closes empty
    clock.set(Instant.parse("2025-04-17T12:00:00Z"));
    JsonObject empty = service.closePeriod(board, "2025-04-16").await();
    assertThat(empty.getString("state")).isEqualTo("archived");
    assertThat(empty.getLong("size")).isZero();

    // a week on, April 15 is older than the newest 3 but still holds alice's score: it closes
    clock.set(Instant.parse("2025-04-22T12:00:00Z"));
    JsonObject closed = service.closePeriod(board, "2025-04-15").await();
    assertThat(closed.getString("state")).isEqualTo("archived");
    assertThat(closed.getLong("size")).isEqualTo(1);
    // archived periods answer the same again, however old
    assertThat(service.closePeriod(board, "2025-04-15").await()).isEqualTo(closed);
    assertThat(service.closePeriod(board, "2025-04-16").await()).isEqualTo(empty);
    // and the current period closes, as always
    assertThat(service.closePeriod(board, "current").await().getString("period")).isEqualTo("2025-04-22");
  }
}
