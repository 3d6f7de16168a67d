package dev.leaderboard.service.result;

import dev.leaderboard.core.Delivery;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/** Webhook deliveries of a board's archived periods, each with its period. */
@DataObject
public interface DeliveryList extends Answer {
  String board();

  List<PeriodDelivery> deliveries();

  /** One period's delivery: {@code {period, state, eventId, attempts, ...}}. */
  record PeriodDelivery(String period, @AnswerJson.Flat Delivery delivery) implements Answer {
  }

  /** @param deliveries period → its delivery, in the order to show */
  static DeliveryList of(String board, List<Map.Entry<String, Delivery>> deliveries) {
    return new Fields(board, deliveries.stream().map(e -> new PeriodDelivery(e.getKey(), e.getValue())).toList());
  }

  static DeliveryList fromJson(JsonObject json) {
    return AnswerJson.read(json, Fields.class);
  }

  /** The answer's fields, in the order of its JSON. */
  record Fields(String board, List<PeriodDelivery> deliveries) implements DeliveryList {
  }
}
