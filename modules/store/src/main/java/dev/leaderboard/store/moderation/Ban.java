package dev.leaderboard.store.moderation;

import dev.leaderboard.store.Keys;
import io.vertx.core.json.JsonObject;

/**
 * A user's ban as stored in {@link Keys#BANS}.
 *
 * @param reason why, as the moderator gave it
 * @param since when the ban was first put (epoch ms); banning again keeps it
 * @param erasing the record stands for an erasure under way, not a moderator's ban: it keeps the
 *     user's events out until the erasure has finished, and goes with it
 */
public record Ban(String reason, long since, boolean erasing) {

  public JsonObject toJson() {
    JsonObject out = new JsonObject().put("reason", reason).put("since", since);
    return erasing ? out.put("erasing", true) : out;
  }

  static Ban fromStored(String stored) {
    JsonObject j = new JsonObject(stored);
    return new Ban(j.getString("reason"), j.getLong("since"), j.getBoolean("erasing", false));
  }
}
