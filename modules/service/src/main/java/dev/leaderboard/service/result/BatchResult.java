package dev.leaderboard.service.result;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The answer to a batch: counts by outcome and, in event order, why each refused event was refused. */
public record BatchResult(int applied, int duplicate, List<Rejection> rejections) {
  /** A refused event: its index in the batch and the error it would have had on its own. */
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
    return new JsonObject()
        .put("applied", applied)
        .put("duplicate", duplicate)
        .put("rejected", rejected())
        .put("rejections", refused);
  }
}
