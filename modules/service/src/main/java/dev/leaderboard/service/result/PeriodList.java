package dev.leaderboard.service.result;

import dev.leaderboard.core.Delivery;
import dev.leaderboard.core.Period;
import dev.leaderboard.core.PeriodState;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/** A board's periods, newest first. */
public record PeriodList(String board, List<Item> periods) implements Answer {
  /**
   * One period with its state, its number of entries, its bounds (epoch ms), when it stops taking
   * events, and where the webhook delivery of its archived event stands (absent when it has none); an
   * archived one also says how many of its entries erasures removed since ({@code erased}, else absent).
   */
  public record Item(String period, PeriodState state, long size, long start, long end, long closesAt,
      @AnswerJson.IfSet Delivery webhook, @AnswerJson.IfSet Long erased) implements Answer {
    public static Item of(Period period, PeriodState state, long size, long closesAt, Long erased, Delivery webhook) {
      return new Item(period.id(), state, size, period.start().toEpochMilli(), period.end().toEpochMilli(), closesAt,
          webhook, erased);
    }
  }

  public static PeriodList of(String board, List<Item> periods) {
    return new PeriodList(board, periods);
  }

  public static final Function<JsonObject, PeriodList> FROM_JSON = AnswerJson.reader(PeriodList.class);
}
