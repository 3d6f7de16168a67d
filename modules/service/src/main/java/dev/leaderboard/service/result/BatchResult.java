package dev.leaderboard.service.result;

import dev.leaderboard.core.Refusal;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * The answer to a batch: counts by outcome; in event order, the events whose event ID was already
 * used for another payload ({@code conflicts}: nothing changed for them, the first event stands) and
 * why each refused event was refused (nothing changed for it); and the events whose shard did not
 * answer ({@code failures}: each may or may not have run, so it is safe to retry with the same
 * {@code eventId}). A batch never fails as a whole once its events are sent: the events of the
 * shards that answered stand.
 */
public record BatchResult(int applied, int duplicate, int conflict, List<Rejection> conflicts, int rejected,
    List<Rejection> rejections, int failed, List<Rejection> failures) implements Answer {
  /** An event not applied: its index in the batch, its refusal and what happened. */
  public record Rejection(int index, Refusal refusal, String message) implements Answer {
    @Override
    public JsonObject toJson() {
      return new JsonObject().put("index", index).put("error", refusal.code()).put("message", message);
    }

    public static Rejection fromJson(JsonObject json) {
      return new Rejection(json.getInteger("index"), Refusal.ofCode(json.getString("error")), json.getString("message"));
    }
  }

  public static BatchResult of(int applied, int duplicate, List<Rejection> conflicts, List<Rejection> rejections,
      List<Rejection> failures) {
    return new BatchResult(applied, duplicate, conflicts.size(), conflicts, rejections.size(), rejections, failures.size(),
        failures);
  }

  public static final Function<JsonObject, BatchResult> FROM_JSON = AnswerJson.reader(BatchResult.class);
}
