package dev.leaderboard.api;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;

/** The JSON error of a request answered before (or without) the router: {@code {"error", "message"}}. */
final class EdgeReplies {
  private EdgeReplies() {
  }

  /** Answers the error; the connection serves further requests. */
  static Future<Void> refuse(HttpServerRequest request, int status, String code, String message) {
    return request.response().setStatusCode(status)
        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .end(new JsonObject().put("error", code).put("message", message).encode());
  }

  /** Answers the error saying the connection closes ({@code Connection: close}); the caller closes it. */
  static Future<Void> refuseAndClose(HttpServerRequest request, int status, String code, String message) {
    request.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
    return refuse(request, status, code, message);
  }
}
