package dev.leaderboard.service.result;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

/** An answer that is its JSON: built once by the subclass's factory, written as it is on the wire. */
public abstract class JsonAnswer implements Answer {
  final JsonObject json;
  private Buffer encoded;

  JsonAnswer(JsonObject json) {
    this.json = json;
  }

  @Override
  public JsonObject toJson() {
    return json;
  }

  /**
   * The JSON as written on the wire, encoded once: an answer shared by several requests (a round's
   * identical pages) is encoded for the first of them only. Its JSON must not change afterwards.
   */
  public Buffer encoded() {
    Buffer out = encoded;
    if (out == null) {
      out = json.toBuffer();
      encoded = out;
    }
    return out;
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
