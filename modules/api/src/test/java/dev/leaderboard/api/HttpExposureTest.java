package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node that listens on 127.0.0.1 only and allows one origin: that origin's pages get CORS answers,
 * any other origin is refused before a route runs, and other addresses of the machine are not served.
 */
class HttpExposureTest extends ApiTestSupport {
  private static final String ALLOWED = "https://scores.example";
  private static final String OTHER = "https://elsewhere.example";

  @Override
  HttpExposure exposure() {
    return new HttpExposure("127.0.0.1", List.of(ALLOWED));
  }

  @Test
  void theAllowedOriginsPreflightIsAnsweredAndItsRequestsReadable() {
    HttpResponse<Buffer> preflight = await(preflight(ALLOWED, "POST").send());
    assertThat(preflight.statusCode()).isIn(200, 204);
    assertThat(preflight.getHeader("Access-Control-Allow-Origin")).isEqualTo(ALLOWED);
    assertThat(preflight.getHeader("Access-Control-Allow-Methods")).contains("POST", "PUT", "DELETE");
    assertThat(preflight.getHeader("Access-Control-Allow-Headers")).containsIgnoringCase("content-type");

    String board = randomBoard();
    HttpResponse<Buffer> created = await(client.put(port, "localhost", "/v1/boards/" + board).putHeader("Origin", ALLOWED)
        .putHeader("Content-Type", "application/json").sendBuffer(Buffer.buffer("{}")));
    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(created.getHeader("Access-Control-Allow-Origin")).isEqualTo(ALLOWED);
  }

  @Test
  void anotherOriginIsRefusedAndChangesNothing() {
    String board = randomBoard();
    createBoard(board, new JsonObject());
    submit(board, "alice", 10);
    JsonObject before = snapshot(board, "alice");

    HttpResponse<Buffer> preflight = await(preflight(OTHER, "POST").send());
    assertError(preflight, 403, "origin_not_allowed", ALLOWED);
    assertThat(preflight.getHeader("Access-Control-Allow-Origin")).isNull();
    HttpResponse<Buffer> write = await(client.post(port, "localhost", "/v1/boards/" + board + "/scores").putHeader("Origin", OTHER)
        .putHeader("Content-Type", "application/json").sendBuffer(Buffer.buffer("{\"userId\": \"alice\", \"value\": 900}")));
    assertError(write, 403, "origin_not_allowed");
    assertThat(write.getHeader("Access-Control-Allow-Origin")).isNull();
    assertError(await(client.delete(port, "localhost", "/v1/boards/" + board).putHeader("Origin", OTHER).send()),
        403, "origin_not_allowed");

    assertThat(snapshot(board, "alice")).isEqualTo(before);
    // clients that are not browsers send no Origin and are served
    assertThat(get("/v1/boards/" + board).statusCode()).isEqualTo(200);
  }

  @Test
  void onlyTheConfiguredAddressIsServed() throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
    }
    // every 127/8 address is loopback on Linux: one the server is not bound to is refused
    assertThatThrownBy(() -> {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.2", port), 2000);
      }
    }).isInstanceOf(IOException.class);
  }

  @Test
  void originsAreExact() {
    for (String bad : List.of("*", "https://scores.example/", "https://*.example", "scores.example", "null")) {
      assertThatThrownBy(() -> new HttpExposure("0.0.0.0", List.of(bad))).as(bad)
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scheme://host[:port]");
    }
  }

  private HttpRequest<Buffer> preflight(String origin, String method) {
    return client.request(HttpMethod.OPTIONS, port, "localhost", "/v1/boards/x/scores").putHeader("Origin", origin)
        .putHeader("Access-Control-Request-Method", method).putHeader("Access-Control-Request-Headers", "content-type");
  }
}
