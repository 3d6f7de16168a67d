package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/**
 * An answer that is its JSON: built once from typed values by the subclass's factory, written as
 * it is by the HTTP API and the event bus, read back by a few typed accessors.
 */
abstract class JsonAnswer {
  final JsonObject json;

  JsonAnswer(JsonObject json) {
    this.json = json;
  }

  public JsonObject toJson() {
    return json;
  }
}
