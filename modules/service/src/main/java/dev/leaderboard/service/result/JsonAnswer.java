package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/** An answer that is its JSON: built once by the subclass's factory, written as it is on the wire. */
abstract class JsonAnswer {
  final JsonObject json;

  JsonAnswer(JsonObject json) {
    this.json = json;
  }

  public JsonObject toJson() {
    return json;
  }

  /** Whether the request created what it answers (answers that carry {@code created}). */
  public boolean created() {
    return json.getBoolean("created");
  }

  /** The answer without {@code created}: over HTTP that is the status, 201 or 200. */
  public JsonObject body() {
    JsonObject out = json.copy();
    out.remove("created");
    return out;
  }
}
