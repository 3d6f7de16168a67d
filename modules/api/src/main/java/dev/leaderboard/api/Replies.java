package dev.leaderboard.api;

import dev.leaderboard.service.result.JsonAnswer;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;

/** Answers of routes: the service's answer as JSON, failures to the router's failure handler. */
final class Replies {
  private Replies() {
  }

  /** 200 with the answer's JSON as it was encoded once ({@link JsonAnswer#encoded}), or the failure handed to the router. */
  static void encoded(RoutingContext ctx, Future<? extends JsonAnswer> answer) {
    answer.onComplete(ar -> {
      if (ar.succeeded()) {
        HttpServerResponse response = ctx.response();
        if (!response.headers().contains(HttpHeaders.CONTENT_TYPE)) {
          response.putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        }
        response.end(ar.result().encoded());
      } else {
        ctx.fail(ar.cause());
      }
    });
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
