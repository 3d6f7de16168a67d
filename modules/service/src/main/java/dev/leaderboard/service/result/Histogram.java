package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * How a period's scores are distributed: {@code total} entries in buckets of whole scores, lowest
 * scores first, each {@code [from, to)} (from inclusive, to exclusive).
 */
@DataObject
public final class Histogram extends JsonAnswer {
  public Histogram(JsonObject json) {
    super(json);
  }

  /** @param edges the buckets' bounds: bucket {@code i} is {@code [edges[i], edges[i + 1])} */
  public static Histogram of(String board, String period, long[] edges, long[] counts) {
    JsonArray buckets = new JsonArray();
    long total = 0;
    for (int i = 0; i < counts.length; i++) {
      buckets.add(new JsonObject().put("from", edges[i]).put("to", edges[i + 1]).put("count", counts[i]));
      total += counts[i];
    }
    return new Histogram(new JsonObject().put("board", board).put("period", period).put("total", total)
        .put("buckets", buckets));
  }
}
