package dev.leaderboard.service.result;

import dev.leaderboard.core.Delivery;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Webhook deliveries of a board's archived periods, each with its period. */
public record DeliveryList(String board, List<PeriodDelivery> deliveries) implements Answer {
  /** One period's delivery: {@code {period, state, eventId, attempts, ...}}. */
  public record PeriodDelivery(String period, @AnswerJson.Flat Delivery delivery) implements Answer {
  }

  /** @param deliveries period → its delivery, in the order to show */
  public static DeliveryList of(String board, List<Map.Entry<String, Delivery>> deliveries) {
    return new DeliveryList(board, deliveries.stream().map(e -> new PeriodDelivery(e.getKey(), e.getValue())).toList());
  }

  public static final Function<JsonObject, DeliveryList> FROM_JSON = AnswerJson.reader(DeliveryList.class);
}
