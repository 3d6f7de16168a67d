package dev.leaderboard.client;

import dev.leaderboard.client.model.ClosedPeriod;
import dev.leaderboard.client.model.Deliveries;
import dev.leaderboard.client.model.Delivery;
import dev.leaderboard.client.model.Periods;

/** Hot and archived periods, closing a period, its webhook deliveries (tag {@code periods}). */
public final class PeriodCalls {
  private final Transport transport;

  PeriodCalls(Transport transport) {
    this.transport = transport;
  }

  /** The board's hot and archived periods. */
  @Operation("periods")
  public Periods periods(String board) {
    return transport.send(Call.of("periods", "GET", "/v1/boards/{}/periods", board), Periods.class);
  }

  /** Closes and archives an ended period at once (scope {@code admin}). */
  @Operation("closePeriod")
  public ClosedPeriod closePeriod(String board, String period) {
    return transport.send(Call.of("closePeriod", "POST", "/v1/boards/{}/periods/{}/close", board, period),
        ClosedPeriod.class);
  }

  /** The webhook deliveries of the board's archived periods (scope {@code admin}). */
  @Operation("deliveries")
  public Deliveries deliveries(String board) {
    return transport.send(Call.of("deliveries", "GET", "/v1/boards/{}/deliveries", board), Deliveries.class);
  }

  /** Delivers an archived period's webhook again (scope {@code admin}). */
  @Operation("redeliver")
  public Delivery redeliver(String board, String period) {
    return transport.send(Call.of("redeliver", "POST", "/v1/boards/{}/deliveries/{}/redeliver", board, period),
        Delivery.class);
  }
}
