package dev.leaderboard.api;

import dev.leaderboard.service.result.Answer;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Function;
import java.util.function.Predicate;

/** Answers of routes: the service's answer as JSON, failures to the router's failure handler. */
final class Replies {
  /**
   * The answer this event loop encoded last and its bytes: the requests of a round that asked for the
   * same page share one answer, which is encoded for the first of them only.
   */
  private static final ThreadLocal<Object[]> LAST_ENCODED = ThreadLocal.withInitial(() -> new Object[2]);

  private Replies() {
  }

  /** 200 with the answer's JSON, encoded once however many requests share the answer, or the failure handed to the router. */
  static void encoded(RoutingContext ctx, Future<? extends Answer> answer) {
    answer.onComplete(ar -> {
      if (ar.succeeded()) {
        HttpServerResponse response = ctx.response();
        if (!response.headers().contains(HttpHeaders.CONTENT_TYPE)) {
          response.putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        }
        response.end(encode(ar.result()));
      } else {
        ctx.fail(ar.cause());
      }
    });
  }

  private static Buffer encode(Answer answer) {
    Object[] last = LAST_ENCODED.get();
    if (last[0] != answer) {
      last[1] = answer.toJson().toBuffer();
      last[0] = answer;
    }
    return (Buffer) last[1];
  }

  /** 201 when the request {@code created} what it answers, else 200 with the same body; or the failure handed to the router. */
  static <T> void created(RoutingContext ctx, Future<T> answer, Predicate<T> created, Function<T, JsonObject> render) {
    answer.onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response().setStatusCode(created.test(ar.result()) ? 201 : 200);
        ctx.json(render.apply(ar.result()));
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
