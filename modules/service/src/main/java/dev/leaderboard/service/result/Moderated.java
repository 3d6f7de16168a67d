package dev.leaderboard.service.result;

import io.vertx.codegen.annotations.DataObject;
import io.vertx.core.json.JsonObject;

/**
 * The answer to a moderation action or view (an entry removed, a ban put or lifted, a user's
 * moderation view, an erasure), as {@code openapi.yaml} describes each.
 */
@DataObject
public final class Moderated extends JsonAnswer {
  public Moderated(JsonObject json) {
    super(json);
  }
}
