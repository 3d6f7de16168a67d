package dev.leaderboard.api;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;

/** Answers of routes: the service's answer as JSON, failures to the router's failure handler. */
final class Replies {
  private Replies() {
  }

  /** 200 with the answer's JSON, or the failure handed to the router. */
  static <T> void json(RoutingContext ctx, Future<T> answer, Function<T, JsonObject> render) {
    answer.onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.json(render.apply(ar.result()));
      } else {
        ctx.fail(ar.cause());
      }
    });
  }
}
