package dev.leaderboard.service.result;

import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A board's periods, newest first. */
@DataObject
public final class PeriodList extends JsonAnswer {
  public PeriodList(JsonObject json) {
    super(json);
  }

  /**
   * One period with its state, its number of entries, when it stops taking events, and where the
   * webhook delivery of its archived event stands ({@code null} when it has none); an archived one
   * also says how many of its entries erasures removed since ({@code erased}, else {@code null}).
   */
  public record Item(Period period, PeriodState state, long size, long closesAt, Long erased, Delivery webhook) {
    public JsonObject toJson() {
      JsonObject out = new JsonObject()
          .put("period", period.id())
          .put("state", state.wireName())
          .put("size", size)
          .put("start", period.start().toEpochMilli())
          .put("end", period.end().toEpochMilli())
          .put("closesAt", closesAt);
      if (webhook != null) {
        out.put("webhook", webhook.toJson());
      }
      return erased == null ? out : out.put("erased", erased);
    }
  }

  public static PeriodList of(String board, List<Item> periods) {
    JsonArray out = new JsonArray();
    periods.forEach(p -> out.add(p.toJson()));
    return new PeriodList(new JsonObject().put("board", board).put("periods", out));
  }
}
