package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/**
 * One user's entry with the period it is in and the period's size. A <em>partial</em> entry
 * ({@code unavailable} set) has the user's score and time from the user's own shard while another
 * shard is down: its rank, percentile and the period's size are unknown ({@code null}).
 */
public record UserEntry(Entry entry, String period, long total, String unavailable) {
  public UserEntry(Entry entry, String period, long total) {
    this(entry, period, total, null);
  }

  /** The user's score and time only, because {@code reason} keeps the rest from being counted. */
  /** The entry's score, time and metadata only (its rank and percentile are not known). */
  public static UserEntry partial(Entry entry, String period, String reason) {
    return new UserEntry(entry, period, 0, reason);
  }

  public boolean partial() {
    return unavailable != null;
  }

  public JsonObject toJson() {
    if (unavailable == null) {
      return entry.toJson().put("period", period).put("total", total);
    }
    return entry.scoreOnlyJson().put("period", period).putNull("total").put("partial", true)
        .put("unavailable", unavailable);
  }
}
