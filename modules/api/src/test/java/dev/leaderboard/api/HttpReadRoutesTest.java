package dev.leaderboard.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.service.JsonService;
import dev.leaderboard.testing.TestSeed;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The HTTP read routes give exactly the answers the event-bus service gives for the same request. */
@ExtendWith(TestSeed.class)
class HttpReadRoutesTest extends ApiTestSupport {

  @Test
  void httpAnswersEqualEventBusAnswers(Random rnd) {
    JsonService service = JsonService.proxy(vertx);
    String board = randomBoard();
    assertThat(put("/v1/boards/" + board, "{\"operator\":\"best\",\"period\":\"weekly\",\"denseRanks\":true}").statusCode()).isEqualTo(201);
    JsonArray events = new JsonArray();
    List<String> users = new ArrayList<>();
    for (int i = 0; i < 900; i++) {
      users.add("user-" + i);
      events.add(new JsonObject().put("userId", "user-" + i).put("value", rnd.nextInt(50)));
    }
    assertThat(post("/v1/boards/" + board + "/scores/batch", new JsonObject().put("events", events).encode())
        .statusCode()).isEqualTo(200);

    for (String mode : new String[] {"unique", "competition", "dense"}) {
      same(get("/v1/boards/" + board + "/entries?offset=600&limit=30&rankMode=" + mode),
          await(service.entries(board, null, 600L, 30, mode)));
      same(get("/v1/boards/" + board + "/users/user-17/around?limit=9&rankMode=" + mode),
          await(service.around(board, "user-17", null, 9, mode)));
      JsonObject list = new JsonObject().put("userIds", new JsonArray(users.subList(100, 160)).add("nobody"));
      same(post("/v1/boards/" + board + "/ranks?rankMode=" + mode, list.encode()),
          await(service.ranks(board, list, null, mode)));
    }
    HttpResponse<Buffer> missing = get("/v1/boards/" + board + "/users/nobody/around");
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(missing.bodyAsJsonObject().getString("error")).isEqualTo("user_not_found");
    HttpResponse<Buffer> tooMany = post("/v1/boards/" + board + "/ranks",
        new JsonObject().put("userIds", new JsonArray(java.util.Collections.nCopies(1001, "x"))).encode());
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(tooMany.bodyAsJsonObject().getString("message")).contains("userIds");
    HttpResponse<Buffer> badLimit = get("/v1/boards/" + board + "/users/user-1/around?limit=0");
    assertThat(badLimit.statusCode()).isEqualTo(400);
    assertThat(badLimit.bodyAsJsonObject().getString("message")).contains("limit");
  }

  @Test
  void requestsTheHttpDecoderRefusesStillGetJsonErrors() {
    HttpResponse<Buffer> longUri = get("/v1/boards/" + "x".repeat(5000));
    assertThat(longUri.statusCode()).isEqualTo(414);
    assertThat(longUri.bodyAsJsonObject().getString("error")).isEqualTo("uri_too_long");
    HttpResponse<Buffer> bigHeaders = await(client.get(port, "localhost", "/v1/boards")
        .putHeader("X-Filler", "y".repeat(10_000)).send());
    assertThat(bigHeaders.statusCode()).isEqualTo(431);
    assertThat(bigHeaders.bodyAsJsonObject().getString("error")).isEqualTo("headers_too_large");
  }

  private static void same(HttpResponse<Buffer> http, JsonObject bus) {
    assertThat(http.statusCode()).as(http.bodyAsString()).isEqualTo(200);
    assertThat(http.bodyAsJsonObject()).isEqualTo(bus);
    assertThat(bus.getJsonArray("entries")).isNotEmpty();
  }
}
