package dev.leaderboard.api;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;

/** Blocking calls to the API under test, for test threads (never an event loop); each waits at most 20 s. */
record BlockingHttp(WebClient client, int port) {

  HttpResponse<Buffer> get(String uri) {
    return ApiTestSupport.await(client.get(port, "localhost", uri).send());
  }

  HttpResponse<Buffer> post(String uri, JsonObject body) {
    return ApiTestSupport.await(client.post(port, "localhost", uri).sendJsonObject(body));
  }
}
