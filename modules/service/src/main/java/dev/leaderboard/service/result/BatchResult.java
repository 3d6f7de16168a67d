package dev.leaderboard.service.result;

import dev.leaderboard.core.Refusal;
import io.vertx.codegen.annotations.DataObject;
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
@DataObject
public final class BatchResult extends JsonAnswer {
  public BatchResult(JsonObject json) {
    super(json);
  }

  /** An event not applied: its index in the batch, its refusal and what happened. */
  public record Rejection(int index, Refusal refusal, String message) {
    public JsonObject toJson() {
      return new JsonObject().put("index", index).put("error", refusal.code()).put("message", message);
    }
  }

  public static BatchResult of(int applied, int duplicate, List<Rejection> conflicts, List<Rejection> rejections,
      List<Rejection> failures) {
    return new BatchResult(new JsonObject()
        .put("applied", applied)
        .put("duplicate", duplicate)
        .put("conflict", conflicts.size())
        .put("conflicts", json(conflicts))
        .put("rejected", rejections.size())
        .put("rejections", json(rejections))
        .put("failed", failures.size())
        .put("failures", json(failures)));
  }

  public int applied() {
    return json.getInteger("applied");
  }

  public int duplicate() {
    return json.getInteger("duplicate");
  }

  public int rejected() {
    return json.getInteger("rejected");
  }

  private static JsonArray json(List<Rejection> events) {
    JsonArray out = new JsonArray();
    events.forEach(r -> out.add(r.toJson()));
    return out;
  }
}
