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
}
