package dev.leaderboard.service.request;

import dev.leaderboard.core.Fields;
import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.json.JsonObject;
import java.util.function.Consumer;

/** A request body parsed once: its JSON and, when a rule refused it, that refusal. */
final class Body {
  final JsonObject json;
  final LeaderboardException refusal;

  /** Parses {@code raw} (which must be an object named {@code name}) with {@code parse}, keeping its refusal. */
  Body(Object raw, String name, Consumer<JsonObject> parse) {
    this.json = raw instanceof JsonObject o ? o : null;
    LeaderboardException refused = null;
    try {
      parse.accept(Fields.object(raw, name));
    } catch (LeaderboardException e) {
      refused = e;
    }
    this.refusal = refused;
  }

  /** Throws the refusal, if any; a body that is missing ({@code null}) is refused as not an object. */
  static void check(Object request, Body body, String name) {
    if (request == null) {
      Fields.object(null, name);
    }
    if (body.refusal != null) {
      throw body.refusal;
    }
  }
}
