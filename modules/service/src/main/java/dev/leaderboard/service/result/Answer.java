package dev.leaderboard.service.result;

import io.vertx.core.json.JsonObject;

/**
 * An answer of the service: a record whose components are its fields, read by callers as fields and
 * written as JSON by {@link AnswerJson} (components in order, the document the HTTP API returns). A
 * record never changes once built, so neither does its JSON. A part of an answer whose JSON is not
 * its components one for one (an {@link Entry}) overrides {@link #toJson}.
 */
public interface Answer {
  default JsonObject toJson() {
    return AnswerJson.write(this);
  }
}
