package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The answer to a batch: counts by outcome; in event order, why each refused event was refused
 * (nothing changed for it); and the events whose shard did not answer ({@code failures}: each may or
 * may not have run, so it is safe to retry with the same {@code eventId}). A batch never fails as a
 * whole once its events are sent: the events of the shards that answered stand.
 */
public record BatchResult(int applied, int duplicate, List<Rejection> rejections, List<Rejection> failures) {
  /** An event not applied: its index in the batch, the error code and what happened. */
  public record Rejection(int index, String error, String message) {
    public JsonObject toJson() {
      return new JsonObject().put("index", index).put("error", error).put("message", message);
    }
  }

  public int rejected() {
    return rejections.size();
  }

  public JsonObject toJson() {
    JsonArray refused = new JsonArray();
    rejections.forEach(r -> refused.add(r.toJson()));
    JsonArray failed = new JsonArray();
    failures.forEach(r -> failed.add(r.toJson()));
    return new JsonObject()
        .put("applied", applied)
        .put("duplicate", duplicate)
        .put("rejected", rejected())
        .put("rejections", refused)
        .put("failed", failures.size())
        .put("failures", failed);
  }
}
