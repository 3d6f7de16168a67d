package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** One user's entry with the period it is in and the period's size. */
public record UserEntry(Entry entry, String period, long total) {
  public JsonObject toJson() {
    return entry.toJson().put("period", period).put("total", total);
  }
}
