package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * The answer to a batch: counts by outcome; in event order, the events whose event ID was already
 * used for another payload ({@code conflicts}: nothing changed for them, the first event stands) and
 * why each refused event was refused (nothing changed for it); and the events whose shard did not
 * answer ({@code failures}: each may or may not have run, so it is safe to retry with the same
 * {@code eventId}). A batch never fails as a whole once its events are sent: the events of the
 * shards that answered stand.
 */
public record BatchResult(int applied, int duplicate, List<Rejection> conflicts, List<Rejection> rejections,
    List<Rejection> failures) {
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
    return new JsonObject()
        .put("applied", applied)
        .put("duplicate", duplicate)
        .put("conflict", conflicts.size())
        .put("conflicts", json(conflicts))
        .put("rejected", rejected())
        .put("rejections", json(rejections))
        .put("failed", failures.size())
        .put("failures", json(failures));
  }

  private static JsonArray json(List<Rejection> events) {
    JsonArray out = new JsonArray();
    events.forEach(r -> out.add(r.toJson()));
    return out;
  }
}
