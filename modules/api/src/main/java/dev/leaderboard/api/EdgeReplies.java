package dev.leaderboard.api;

import dev.leaderboard.core.LeaderboardException;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;

/** The JSON error of a request answered before (or without) the router: {@code {"error", "message"}}. */
final class EdgeReplies {
  private EdgeReplies() {
  }

  /** Answers the refusal (one of the catalogue's, {@link dev.leaderboard.core.Refusal}); the connection serves further requests. */
  static Future<Void> refuse(HttpServerRequest request, LeaderboardException refusal) {
    return request.response().setStatusCode(refusal.status())
        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .end(new JsonObject().put("error", refusal.code()).put("message", refusal.getMessage()).encode());
  }

  /** Answers the refusal saying the connection closes ({@code Connection: close}); the caller closes it. */
  static Future<Void> refuseAndClose(HttpServerRequest request, LeaderboardException refusal) {
    request.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
    return refuse(request, refusal);
  }
}
