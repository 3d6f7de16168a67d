package dev.leaderboard.service.result;

import dev.leaderboard.core.Delivery;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/** Webhook deliveries of a board's archived periods, each with its period. */
@DataObject
public final class DeliveryList extends JsonAnswer {
  public DeliveryList(JsonObject json) {
    super(json);
  }

  /** @param deliveries period → its delivery, in the order to show */
  public static DeliveryList of(String board, List<Map.Entry<String, Delivery>> deliveries) {
    JsonArray out = new JsonArray();
    deliveries.forEach(e -> out.add(new JsonObject().put("period", e.getKey()).mergeIn(e.getValue().toJson())));
    return new DeliveryList(new JsonObject().put("board", board).put("deliveries", out));
  }

  /** The only delivery of a list of one (the answer of a redelivery). */
  public JsonObject first() {
    return json.getJsonArray("deliveries").getJsonObject(0);
  }
}
