package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/**
 * One ranked entry as every read returns it.
 *
 * @param percentile share of the period's entries ranked at or below this one (see {@code RankMath})
 */
public record Entry(long rank, String userId, long score, long at, double percentile) {
  public JsonObject toJson() {
    return new JsonObject()
        .put("rank", rank)
        .put("userId", userId)
        .put("score", score)
        .put("at", at)
        .put("percentile", percentile);
  }

  static io.vertx.core.json.JsonArray toJson(java.util.List<Entry> entries) {
    io.vertx.core.json.JsonArray out = new io.vertx.core.json.JsonArray();
    for (Entry e : entries) {
      out.add(e.toJson());
    }
    return out;
  }
}
