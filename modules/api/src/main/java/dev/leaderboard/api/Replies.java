package dev.leaderboard.api;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Answers of routes whose service answers JSON documents: written unchanged, failures to the router's failure handler. */
final class Replies {
  private Replies() {
  }

  /** 200 with the answer, or the failure handed to the router. */
  static void json(RoutingContext ctx, Future<JsonObject> answer) {
    answer.onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.json(ar.result());
      } else {
        ctx.fail(ar.cause());
      }
    });
  }
}
